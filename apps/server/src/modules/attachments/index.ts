// The attachments module's face: what the app and the other modules may use of it (docs/architecture.md).
export {
  attachmentAmount,
  attachmentLineTotal,
  attachmentVat,
  depositConsumption,
  netAmount,
  retentionOf,
  rgReleaseDateSql,
} from './attachment-amounts.js';
export { consumeDeposits, depositRemaining } from './attachment-deposits.js';
export { CANNOT_EDIT_AFTER_VALIDATION } from './attachment-editing.js';
export { applyAttachmentLines, recomputeAttachmentAmounts } from './attachment-lines.js';
export { attachmentNodeSummaries, refreshAttachmentNodeSummaries } from './attachment-node-summaries.js';
export { ATTACHMENT_VALIDATED_NODES_SQL } from './attachment-nodes.js';
export { nextAttachmentReference } from './attachment-reference.js';
export { isRgReleased, releasedRgSql, rgReleasedSql } from './attachment-rg-release.js';
export { attachmentWorkItem } from './attachment-work-item.js';
export { ATTACHMENT_ENTITY, attachmentList, attachmentScope, attachmentScopeUser } from './attachments.lists.js';
export { registerAttachmentRoutes } from './attachments.routes.js';
export { type AttachmentService, createAttachmentService } from './attachments.service.js';
export {
  recomputedOrderFigures,
  refreshEveryOrderFigures,
  refreshOrderFigures,
  refreshOrderFiguresOfAttachments,
  storedOrderFigures,
} from './order-figures.js';
