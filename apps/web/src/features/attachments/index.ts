// The face of the attachments feature: what other features use of it.

/** The attachment reference column, shown by a statement's items. */
export { attachmentReferenceColumn } from './attachment-columns';
/** An order's attachments, shown by the order screen. */
export { OrderAttachmentsTable } from './order-attachments-table';
