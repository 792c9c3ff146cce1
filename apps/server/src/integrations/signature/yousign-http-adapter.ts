import { z } from 'zod';
import { type ProviderRequestStatus, type SignatureProvider, SignatureProviderError } from './signature.port.js';

const idReply = z.object({ id: z.string().min(1) });
const statusReply = z.object({
  id: z.string(),
  status: z.string(),
  decline_information: z.object({ reason: z.string().nullish() }).nullish(),
});

/** Where a manually placed signature goes: the first page, the two signers side by side (PDF points). */
const MANUAL_FIELDS = [
  { page: 1, x: 60, y: 700 },
  { page: 1, x: 330, y: 700 },
];
/** Yousign's minimum signature field (its 2.3:1 ratio). */
const FIELD_SIZE = { width: 85, height: 37 };

const KNOWN_STATUSES: readonly ProviderRequestStatus[] = ['draft', 'ongoing', 'done', 'declined', 'expired', 'canceled'];

/**
 * The real adapter: Yousign API v3 (`{baseUrl}` such as https://api.yousign.app/v3, bearer API key).
 * A request is created (delivery by e-mail), each document uploaded as a signable document with its smart
 * anchors parsed, each signer added with its signature field — on its anchor string when automatic, at
 * fixed coordinates when manual — then the request is activated.
 */
export function createYousignHttpAdapter(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): SignatureProvider {
  const base = options.baseUrl.replace(/\/$/, '');

  async function call(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new SignatureProviderError(`Le service de signature ne répond pas (${(error as Error).message}).`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new SignatureProviderError(`Le service de signature a répondu ${response.status} à ${path} : ${text.slice(0, 500)}`);
    }
    return response;
  }

  async function json<Schema extends z.ZodType>(path: string, init: RequestInit, schema: Schema): Promise<z.output<Schema>> {
    const response = await call(path, init);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new SignatureProviderError(`Réponse inattendue du service de signature à ${path}.`);
    }
    return parsed.data;
  }

  const postJson = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    async send(input) {
      const request = await json(
        '/signature_requests',
        postJson({ name: input.name, delivery_mode: 'email', timezone: 'Europe/Paris', external_id: input.externalId }),
        idReply,
      );
      const documentIds: string[] = [];
      for (const document of input.documents) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(document.content)], { type: 'application/pdf' }), document.fileName);
        form.append('nature', 'signable_document');
        form.append('parse_anchors', 'true');
        documentIds.push((await json(`/signature_requests/${request.id}/documents`, { method: 'POST', body: form }, idReply)).id);
      }
      for (const [index, signer] of input.signers.entries()) {
        const fields = documentIds.map((documentId) =>
          signer.position.kind === 'automatic'
            ? { document_id: documentId, type: 'signature', anchor: signer.position.anchor, ...FIELD_SIZE }
            : { document_id: documentId, type: 'signature', ...(MANUAL_FIELDS[index] ?? MANUAL_FIELDS[0]), ...FIELD_SIZE },
        );
        await json(
          `/signature_requests/${request.id}/signers`,
          postJson({
            info: {
              first_name: signer.firstName,
              last_name: signer.lastName,
              email: signer.email,
              phone_number: signer.phone,
              locale: 'fr',
            },
            signature_level: 'electronic_signature',
            signature_authentication_mode: 'otp_sms',
            fields,
          }),
          idReply,
        );
      }
      await call(`/signature_requests/${request.id}/activate`, { method: 'POST' });
      return { requestId: request.id, documentIds };
    },

    async status(requestId) {
      const reply = await json(`/signature_requests/${encodeURIComponent(requestId)}`, { method: 'GET' }, statusReply);
      const status = KNOWN_STATUSES.includes(reply.status as ProviderRequestStatus)
        ? (reply.status as ProviderRequestStatus)
        : 'ongoing';
      return { status, reason: reply.decline_information?.reason ?? null };
    },

    async downloadSigned(requestId, documentId) {
      const response = await call(
        `/signature_requests/${encodeURIComponent(requestId)}/documents/${encodeURIComponent(documentId)}/download`,
        { method: 'GET', headers: { accept: 'application/pdf' } },
      );
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
