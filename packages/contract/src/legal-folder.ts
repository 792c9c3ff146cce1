/**
 * The agency's legal folder (spec 3 Agency detail, "Administrative documents"): the vigilance documents
 * the e-attestation follow-up service holds for the agency's SIRET.
 */

/** Agency status (spec 3 §4): 1 fine, 2 warning, 3 error. */
export type AgencyLegalStatus = 1 | 2 | 3;

/** A document is a warning this many days before its expiry (status 2). */
export const LEGAL_DOCUMENT_EXPIRY_WARNING_DAYS = 30;

/** Where one document of the folder stands on the day it is read. */
export type LegalDocumentState = 'valid' | 'expiring' | 'expired' | 'missing';

export type LegalFolderDocument = {
  code: string;
  name: string;
  /** The supplier has provided it. */
  available: boolean;
  /** Day the current file was delivered (YYYY-MM-DD). */
  deliveredOn: string | null;
  /** Last day of validity (YYYY-MM-DD), null when the document does not expire. */
  expiresOn: string | null;
  state: LegalDocumentState;
};

export type LegalFolderCategory = { code: string; name: string; documents: LegalFolderDocument[] };

/** `GET /agency/{id}/legal`: the folder, or why it was not asked for. */
export type AgencyLegalReply =
  | { synchronize: false; message: string }
  | {
      synchronize: true;
      siret: string;
      /** The supplier has registered on the follow-up platform. */
      onboarded: boolean;
      /** Not registered yet, but an invitation is pending on the platform. */
      invited: boolean;
      /** When ISF read the folder (ISO date-time). */
      checkedAt: string;
      /** The agency's status and completeness, as refreshed by this reading. */
      status: AgencyLegalStatus;
      documentsCompleted: boolean;
      categories: LegalFolderCategory[];
    };

export const LEGAL_FOLDER_SYNC_OFF_MESSAGE =
  "Le suivi e-attestation n'est pas activé pour cette agence : ses documents administratifs ne sont pas suivis.";
export const LEGAL_FOLDER_READ_FAILED_MESSAGE =
  "Le dossier administratif n'a pas pu être lu auprès du service de suivi e-attestation. Réessayez plus tard.";
export const LEGAL_FOLDER_INVITE_FAILED_MESSAGE =
  "L'invitation au suivi e-attestation n'a pas pu être envoyée : l'agence n'a pas été enregistrée. Réessayez plus tard.";
