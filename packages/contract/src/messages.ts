/**
 * The French texts of the specification, verbatim, shared by the server (error bodies) and the web
 * (i18n catalogue). Keys are stable; the web's English catalogue translates the same keys.
 */
export const MESSAGES_FR = {
  'login.invalidCredentials': 'Identifiant ou mot de passe invalide !',
  'login.internalError': "Erreur interne du reseau ou de l'application !",
  'login.noResponse': 'Erreur de connexion internet !',
  'login.profileAnomaly':
    'Anomalie dans la fiche utilisateur - etablissement, projet ou responsable manquant. Contacter un Admin !',
  'login.tooManyAttempts': 'Trop de tentatives de connexion. Réessayez dans une minute.',
  'error.server': 'Une erreur est survenue. RequestId: {{id}}',
  'error.sessionExpired': 'Session expirée',
  'error.fetch': "La récupération des données n'a pas fonctionné",
  'error.notFound': "Cet élément n'existe pas ou ne peut pas être affiché.",
  'error.forbidden': "Vous n'avez pas les droits pour cette action.",
  'error.unauthenticated': 'Authentification requise.',
  'error.staleVersion': "Cet élément a été modifié par quelqu'un d'autre depuis son chargement. Les données ont été rechargées.",
  'error.badInput': 'Données invalides.',
  'error.inUse': 'Cet élément est utilisé ailleurs et ne peut pas être supprimé.',
  'error.duplicate': 'Un élément avec cette valeur existe déjà.',
  'error.apiNotAvailable': 'API not available!',
  'validation.required': 'Ce champ est obligatoire.',
  'validation.tooShort': 'Ce champ doit contenir au moins {{min}} caractères.',
  'validation.tooLong': 'Ce champ doit contenir au plus {{max}} caractères.',
  'validation.email': "L'adresse e-mail n'est pas valide.",
  'validation.number': 'Ce champ doit être un nombre.',
  'validation.selectItem': 'select an item',
  'confirm.delete': 'Êtes-vous sûr de vouloir supprimer cet élément ?',
  'confirm.deleteOrder': 'Êtes-vous sûr de vouloir supprimer cette commande ?',
  'confirm.deleteDocument': 'Êtes-vous sûr de vouloir supprimer ce document ?',
  'confirm.tabChange': "Le changement d'onglet en mode édition peut provoquer une perte de donnée.",
  'confirm.leaveEdit': 'Vous êtes en mode édition : les modifications non enregistrées seront perdues. Quitter ?',
  'confirm.userDeactivate': 'Êtes-vous sûr de vouloir désactiver cet utilisateur ?',
  'confirm.reactivate': 'Êtes-vous sûr de vouloir réactiver cet élément ?',
  'rights.accessNotGranted': 'access not granted',
  'rights.noRightsPage': 'no rights to access this page',
  'rights.noReadAccess': 'no read access to this entity',
  'rights.notAccessToEntity': 'not access to entity',
  'help.fillFormFirst': "Veuillez d'abord remplir le formulaire",
  'help.submitted': 'Votre incident a bien été transmis.',
  'user.unknown': "Cet utilisateur n'existe pas ou ne peut pas être affiché.",
  'table.noData': 'no data',
  'table.fetchingError': 'fetching error',
  'notification.none': 'Aucune notification',
} as const;

export type MessageKey = keyof typeof MESSAGES_FR;

/** Formats a catalogue text with `{{name}}` placeholders. */
export function formatMessage(key: MessageKey, values: Record<string, string | number> = {}): string {
  return MESSAGES_FR[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
