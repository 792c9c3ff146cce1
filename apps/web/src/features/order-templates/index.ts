// The face of the order templates feature: what other features use of it.

/** An order template as read, applied by an order's prestations. */
export type { OrderTemplateRecord } from './order-templates.api';
