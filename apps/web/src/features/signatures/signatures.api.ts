import type { SignatureRequestSummary, SignerInput } from '@isf/contract';
import { api } from '../../lib/api-client';

export type SignatureTarget = { envelopeId: number } | { docIds: number[] };

/** `POST /document/signature/email`: `success` is `sent` when the provider took the request. */
export const sendForSignature = (payload: SignatureTarget & { signers: SignerInput[] }) =>
  api.post<{ success: string }>('/document/signature/email', payload, { silent: true });

export const signatureQueryKey = (target: { envelopeId: number } | { documentId: number }): readonly unknown[] =>
  'envelopeId' in target ? ['envelope', target.envelopeId, 'signature'] : ['document', target.documentId, 'signature'];

/** The last signature request of an envelope or a document (status, reason of a refusal or expiry). */
export const fetchSignature = (target: { envelopeId: number } | { documentId: number }) =>
  api.get<{ request: SignatureRequestSummary | null }>(
    'envelopeId' in target ? `/envelope/${target.envelopeId}/signature` : `/document/${target.documentId}/signature`,
  );
