// The documents module's face: what the app and the other modules may use of it (docs/architecture.md).
export { type DocumentOwnerDefinition, registerDocumentOwners } from './document-owners.js';
export { registerDocumentRoutes } from './documents.routes.js';
export {
  createDocumentService,
  type DocumentService,
  FILE_CONTENT_MESSAGE,
  NO_FILE_MESSAGE,
  STORED_FILE_MISSING_MESSAGE,
} from './documents.service.js';
