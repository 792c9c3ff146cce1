/** The face of the warranties module: what other modules may use. */
export { warrantyList } from './warranties.lists.js';
