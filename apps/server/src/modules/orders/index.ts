export { recomputeTotals } from './order-lines.js';
export { requirePdfOption } from './order-pdf.routes.js';
