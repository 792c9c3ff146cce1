import { LEGAL_FOLDER_INVITE_FAILED_MESSAGE } from '@isf/contract';
import type { LegalFolderService } from '../../integrations/legal-folder/legal-folder.port.js';
import { legalServiceFailure } from './agency-legal.js';

/** What a saved agency already knows of its supplier on the follow-up platform. */
export type StoredFollowUp = {
  siret: string | null;
  legalOnboarded: boolean | null;
  invitationSentTo: string | null;
};

type SavedFollowUp = { siret: string; name: string; synchronize: boolean; inviteMail: string | null };

const sameMail = (left: string | null, right: string) => left !== null && left.toLowerCase() === right.toLowerCase();

/**
 * The follow-up columns to write when an agency is saved (decisions.md, "Legal folder"): an invite mail is
 * kept only when the follow-up is on and the supplier is not onboarded, and a new address is invited
 * through the platform first (an address already invited is not sent again; a platform failure refuses the
 * save with a 502). A new SIRET forgets what was known of the former one.
 */
export async function followUpFacts(
  legal: LegalFolderService,
  saved: SavedFollowUp,
  stored?: StoredFollowUp,
): Promise<Record<string, unknown>> {
  const sameSiret = stored !== undefined && stored.siret === saved.siret;
  const forget =
    stored && !sameSiret ? { legalOnboarded: null, legalCheckedAt: null, invitationSentTo: null, invitationSentAt: null } : {};
  const mail = saved.inviteMail;
  if (!saved.synchronize || !mail) {
    return { ...forget, inviteMail: null };
  }
  if (sameSiret && stored.legalOnboarded === true) {
    return { inviteMail: null };
  }
  if (sameSiret && sameMail(stored.invitationSentTo, mail)) {
    return { inviteMail: mail };
  }
  const outcome = await legal.invite({ siret: saved.siret, mail, name: saved.name }).catch((error: unknown) => {
    throw legalServiceFailure(error, LEGAL_FOLDER_INVITE_FAILED_MESSAGE);
  });
  if (outcome === 'already-onboarded') {
    return { ...forget, inviteMail: null, legalOnboarded: true };
  }
  return {
    ...forget,
    inviteMail: mail,
    legalOnboarded: false,
    invitationSentTo: mail,
    invitationSentAt: new Date().toISOString(),
  };
}
