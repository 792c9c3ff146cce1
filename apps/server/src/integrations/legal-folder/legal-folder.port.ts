/** One document the follow-up platform asks of a supplier, as it stands on the platform. */
export type LegalDocument = {
  code: string;
  name: string;
  /** The supplier has provided it. */
  available: boolean;
  /** The platform's own status (VALID, MISSING, EXPIRED, ...), kept for the rules that read it. */
  statusCode: string | null;
  /** Day the current file was delivered (YYYY-MM-DD). */
  deliveredOn: string | null;
  /** Last day of validity (YYYY-MM-DD), null when the document does not expire. */
  expiresOn: string | null;
};

export type LegalCategory = { code: string; name: string; documents: LegalDocument[] };

/** Whether a supplier is known to the platform: registered (onboarded), or only invited. */
export type LegalRegistration = { siret: string; onboarded: boolean; invited: boolean };

/** The supplier's folder: its registration and the documents asked of it, by category. */
export type LegalFolder = LegalRegistration & { categories: LegalCategory[] };

export type InvitationOutcome = 'invited' | 'already-invited' | 'already-onboarded';

/** The platform answered with an error, or did not answer (its text is shown to the user). */
export class LegalFolderError extends Error {}

/** The platform answered something that is not one of its replies. */
export class LegalFolderInvalidResponse extends Error {}

/**
 * The e-attestation follow-up platform (subcontractor vigilance documents): what ISF reads of a
 * supplier's folder, and the invitation of a supplier that has not registered yet.
 */
export type LegalFolderService = {
  registration(siret: string): Promise<LegalRegistration>;
  folder(siret: string): Promise<LegalFolder>;
  /** Invites the supplier to register and provide its documents; asking twice sends one invitation. */
  invite(request: { siret: string; mail: string; name: string }): Promise<InvitationOutcome>;
};
