/** What other modules may use of the subcontractor markets. */
export { marketScope } from './markets.lists.js';
