/** The face of the markets module: what other modules may use. */
export { marketScope } from './markets.lists.js';
