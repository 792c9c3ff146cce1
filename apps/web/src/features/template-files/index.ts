// The face of the template files feature: what the app and other features use of it.

/** The template file screens, mounted by the app's router. */
export { templateFileRoutes } from './template-file-routes';
/** The contract templates, offered by the contract template choice. */
export { CONTRACT_TEMPLATES, fetchTemplateFiles } from './template-files.api';
