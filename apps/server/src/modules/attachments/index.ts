export { netAmount } from './attachment-amounts.js';
