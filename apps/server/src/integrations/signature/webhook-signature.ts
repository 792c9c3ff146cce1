import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the HMAC-SHA256 of the raw body, as Yousign sends it (`sha256=<hex>`). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-yousign-signature-256';

export function signWebhookBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Whether the header is the body's HMAC under the secret (constant-time comparison). */
export function webhookSignatureValid(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) {
    return false;
  }
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
