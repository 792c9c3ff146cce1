// The face of the attachments feature: what the app and other features use of it.

/** The attachment reference column, shown by a statement's items. */
export { attachmentReferenceColumn } from './attachment-columns';
/** The attachment screens, mounted by the app's router. */
export { attachmentRoutes } from './attachment-routes';
/** The attachment pre-checks of the workflow moves, installed by the app when the shell loads. */
export { installAttachmentPreChecks } from './attachment-workflow-checks';
/** An order's attachments, shown by the order screen. */
export { OrderAttachmentsTable } from './order-attachments-table';
