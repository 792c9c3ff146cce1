/** A signer as the provider needs it: identity, phone for the one-time code, and where the signature goes. */
export type ProviderSigner = {
  firstName: string;
  lastName: string;
  email: string;
  /** International form: country code and number (+33612345678). */
  phone: string;
  /** Automatic: on the anchor string written in the document; manual: a field the adapter places. */
  position: { kind: 'automatic'; anchor: string } | { kind: 'manual' };
};

export type ProviderDocument = { fileName: string; content: Buffer };

/** What the provider says of a request. */
export type ProviderRequestStatus = 'draft' | 'ongoing' | 'done' | 'declined' | 'expired' | 'canceled';

/** The provider refused the request or could not be reached; the message says why (logged, not shown as such). */
export class SignatureProviderError extends Error {}

/**
 * The e-signature provider (DESIGN §7): sends documents to two signers and later gives the signed copies.
 * Completion is told by the provider's webhook, which the signature module checks and handles.
 */
export type SignatureProvider = {
  /** Creates the request, uploads the documents, adds the signers with their fields and activates it. */
  send(input: {
    name: string;
    externalId: string;
    documents: ProviderDocument[];
    signers: ProviderSigner[];
  }): Promise<{ requestId: string; documentIds: string[] }>;
  status(requestId: string): Promise<{ status: ProviderRequestStatus; reason: string | null }>;
  /** The signed copy of one document of a completed request. */
  downloadSigned(requestId: string, documentId: string): Promise<Buffer>;
};
