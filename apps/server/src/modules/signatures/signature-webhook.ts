import { z } from 'zod';
import { webhookSignatureValid } from '../../integrations/signature/webhook-signature.js';

export const WEBHOOK_FORGED_MESSAGE = 'Signature du webhook invalide.';
export const WEBHOOK_STALE_MESSAGE = 'Événement trop ancien ou daté du futur : refusé comme rejeu.';
export const WEBHOOK_MALFORMED_MESSAGE = 'Événement de signature illisible.';

/** The outcome an event brings: done, declined, expired; null for the events that end nothing (activated, ...). */
export type SignatureEvent = {
  eventId: string;
  name: string;
  requestId: string;
  outcome: 'done' | 'declined' | 'expired' | null;
  reason: string | null;
};

const eventSchema = z.object({
  event_id: z.string().min(1).max(100),
  event_name: z.string().min(1).max(100),
  event_time: z.union([z.string(), z.number()]).transform(Number),
  data: z.object({
    signature_request: z.object({
      id: z.string().min(1).max(100),
      status: z.string().optional(),
      decline_information: z.object({ reason: z.string().nullish() }).nullish(),
    }),
  }),
});

const OUTCOMES: Record<string, SignatureEvent['outcome']> = {
  'signature_request.done': 'done',
  'signature_request.declined': 'declined',
  'signature_request.expired': 'expired',
};

export type WebhookCheck = { ok: true; event: SignatureEvent } | { ok: false; status: 400 | 401; message: string };

/**
 * Checks a webhook delivery (docs/decisions.md "E-signature"): the HMAC-SHA256 of the raw body under the
 * shared secret, then the event time within the tolerance (an old event replayed is refused).
 */
export function checkWebhook(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  options: { secret: string; toleranceSeconds: number; nowSeconds?: number },
): WebhookCheck {
  if (!webhookSignatureValid(options.secret, rawBody, signatureHeader)) {
    return { ok: false, status: 401, message: WEBHOOK_FORGED_MESSAGE };
  }
  let parsed: z.output<typeof eventSchema>;
  try {
    parsed = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { ok: false, status: 400, message: WEBHOOK_MALFORMED_MESSAGE };
  }
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (!Number.isFinite(parsed.event_time) || Math.abs(now - parsed.event_time) > options.toleranceSeconds) {
    return { ok: false, status: 401, message: WEBHOOK_STALE_MESSAGE };
  }
  const outcome = OUTCOMES[parsed.event_name] ?? null;
  const declined = parsed.data.signature_request.decline_information?.reason ?? null;
  return {
    ok: true,
    event: {
      eventId: parsed.event_id,
      name: parsed.event_name,
      requestId: parsed.data.signature_request.id,
      outcome,
      reason:
        outcome === 'declined'
          ? (declined ?? 'Un signataire a refusé de signer.')
          : outcome === 'expired'
            ? 'La demande de signature a expiré.'
            : null,
    },
  };
}
