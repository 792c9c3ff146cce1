// French messages that the server's schemas and replies use and the web's i18n catalogue shows. They are
// in a module without zod: the catalogue is on the web's first screen (the login page), which must not
// load the schemas (docs/performance.md).

// companies: the SIRET check and the company registry's reply
export const SIRET_INVALID_MESSAGE = 'Le numéro SIRET est invalide (14 chiffres et clé de contrôle).';
export const REGISTRY_INVALID_RESPONSE_MESSAGE = 'Réponse invalide du serveur ! Veuillez réessayer plus tard !';
// order lines
export const ORDER_QUANTITY_INVALID_MESSAGE = 'Quantité invalide : un nombre positif par pas de 0,5.';
// price schedules (spec 3 §8 where it gives them, ours otherwise)
export const NEED_CATEGORY_MESSAGE = 'need category';
export const IMPORT_SUCCESS_MESSAGE = 'Import effectué avec succès';
export const CSV_ONLY_MESSAGE = 'Seuls les fichiers CSV (séparateur point-virgule) sont acceptés.';
