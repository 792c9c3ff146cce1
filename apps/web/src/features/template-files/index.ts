// The face of the template files feature: what other features use of it.

/** The contract templates, offered by the contract template choice. */
export { CONTRACT_TEMPLATES, fetchTemplateFiles } from './template-files.api';
