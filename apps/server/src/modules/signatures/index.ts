// The signatures module's face: what the app and the other modules may use of it (docs/architecture.md).

export { WEBHOOK_FORGED_MESSAGE, WEBHOOK_STALE_MESSAGE } from './signature-webhook.js';
export { registerSignatureRoutes, SIGNATURE_WEBHOOK_PATH } from './signatures.routes.js';
export type { SignatureService } from './signatures.service.js';
