import type { Database } from '../../db/client.js';
import { type DocumentIssuer, renderPdf, todayInParis } from '../../platform/pdf-document.js';
import type { Principal } from '../../platform/principal.js';
import { loadOrderPdfOrder } from '../orders/index.js';
import { attachmentVat } from './attachment-amounts.js';
import { type AttachmentPdfData, attachmentPdfDefinition } from './attachment-pdf-layout.js';
import { attachmentPrestations } from './attachment-prestations.js';
import type { createAttachmentService } from './attachments.service.js';

/**
 * What the work statement prints, from the attachment's detail (amount, RG, deposit used, net to pay as
 * stored by the amounts module), its order's header facts and the lines attached this time.
 */
export async function loadAttachmentPdfData(
  db: Database,
  service: ReturnType<typeof createAttachmentService>,
  attachmentId: number,
  principal: Principal,
): Promise<AttachmentPdfData> {
  const attachment = await service.get(attachmentId, principal);
  const order = await loadOrderPdfOrder(db, attachment.order);
  const lines = await attachmentPrestations(db, attachmentId, { onlyAttached: true, displayAll: false });
  return { attachment, order, lines, vat: attachmentVat(attachment.netAmount, order.tva) };
}

/** The work statement of an attachment as a PDF, with the file name it is downloaded under. */
export async function renderAttachmentPdf(
  db: Database,
  service: ReturnType<typeof createAttachmentService>,
  attachmentId: number,
  principal: Principal,
  issuer: DocumentIssuer,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await loadAttachmentPdfData(db, service, attachmentId, principal);
  const pdf = await renderPdf(attachmentPdfDefinition(data, issuer, todayInParis()));
  return { fileName: `attachement-${data.attachment.reference}.pdf`, pdf };
}
