// The face of the signatures feature: what the contract and document screens use of it.

/** The sending of a document for signature. */
export { SignatureSendModal } from './signature-send-modal';
/** A document's signature status. */
export { SignatureStatusAlert } from './signature-status';
/** The key of a signature's read, refreshed after a sending. */
export { signatureQueryKey } from './signatures.api';
