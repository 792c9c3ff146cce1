import { type AgencyLegalReply, LEGAL_FOLDER_READ_FAILED_MESSAGE, LEGAL_FOLDER_SYNC_OFF_MESSAGE } from '@isf/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agencies } from '../../db/schema/index.js';
import {
  LegalFolderError,
  LegalFolderInvalidResponse,
  type LegalFolderService,
} from '../../integrations/legal-folder/legal-folder.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { evaluateFolder, parisToday } from './legal-status.js';

/** A failure of the follow-up platform as a 502 whose `error` says what ISF could not do, `detail` why. */
export function legalServiceFailure(error: unknown, message: string): unknown {
  if (error instanceof LegalFolderError || error instanceof LegalFolderInvalidResponse) {
    return new HttpError(502, { error: message, detail: error.message });
  }
  return error;
}

/**
 * Reads an agency's legal folder (`GET /agency/{id}/legal`). With the follow-up off nothing is asked of
 * the platform. With it on, the reading refreshes the agency's status, documentsCompleted and onboarded
 * flag (without moving its version: these are not user edits), drops an invite mail once the supplier is
 * onboarded, and writes an audit row when any of them changed.
 */
export async function readLegalFolder(
  database: Database,
  legal: LegalFolderService,
  agencyId: number,
  context: AuditContext,
): Promise<AgencyLegalReply> {
  const [agency] = await database
    .select({
      siret: agencies.siret,
      synchronize: agencies.synchronize,
      status: agencies.status,
      documentsCompleted: agencies.documentsCompleted,
      legalOnboarded: agencies.legalOnboarded,
      inviteMail: agencies.inviteMail,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  if (!agency) {
    throw notFound();
  }
  if (!agency.synchronize || !agency.siret) {
    return { synchronize: false, message: LEGAL_FOLDER_SYNC_OFF_MESSAGE };
  }
  const folder = await legal.folder(agency.siret).catch((error: unknown) => {
    throw legalServiceFailure(error, LEGAL_FOLDER_READ_FAILED_MESSAGE);
  });
  const evaluation = evaluateFolder(folder, parisToday());
  const checkedAt = new Date().toISOString();
  const before = {
    status: agency.status,
    documentsCompleted: agency.documentsCompleted,
    legalOnboarded: agency.legalOnboarded,
    inviteMail: agency.inviteMail,
  };
  const after = {
    status: evaluation.status,
    documentsCompleted: evaluation.documentsCompleted,
    legalOnboarded: folder.onboarded,
    inviteMail: folder.onboarded ? null : agency.inviteMail,
  };
  await database.transaction(async (transaction) => {
    await transaction
      .update(agencies)
      .set({ ...after, legalCheckedAt: checkedAt })
      .where(eq(agencies.id, agencyId));
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(transaction, context, { entity: 'agency', entityId: agencyId, action: 'legal_refresh', before, after });
    }
  });
  return {
    synchronize: true,
    siret: agency.siret,
    onboarded: folder.onboarded,
    invited: folder.invited,
    checkedAt,
    status: evaluation.status,
    documentsCompleted: evaluation.documentsCompleted,
    categories: evaluation.categories,
  };
}
