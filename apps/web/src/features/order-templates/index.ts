// The face of the order templates feature: what the app and other features use of it.

/** The order template screens, mounted by the app's router. */
export { orderTemplateRoutes } from './order-template-routes';
/** An order template as read, applied by an order's prestations. */
export type { OrderTemplateRecord } from './order-templates.api';
