// The contracts module's face: what the app and the other modules may use of it (docs/architecture.md).

export { contractList, envelopeList } from './contracts.lists.js';
export { registerContractRoutes } from './contracts.routes.js';
export type { ContractService } from './contracts.service.js';
export { syncEnvelopeDocuments } from './envelope-documents.js';
export type { EnvelopeService } from './envelopes.service.js';
export {
  registerTemplateFileRoutes,
  TEMPLATE_FILE_REQUIRED_MESSAGE,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_PDF_MESSAGE,
} from './template-files.js';
