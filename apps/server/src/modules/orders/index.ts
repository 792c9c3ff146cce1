export { recomputeTotals } from './order-lines.js';
