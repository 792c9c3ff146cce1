/** Texts of the agency's Administrative documents tab (legal folder, e-attestation follow-up; French build). */
export const frLegalFolder = {
  'legalFolder.tab': 'Documents administratifs',
  'legalFolder.platform': 'Plate-forme e-attestation',
  'legalFolder.onboarded': 'Inscrit',
  'legalFolder.notOnboardedShort': 'Non inscrit',
  'legalFolder.checkedAt': 'Vérifié le',
  'legalFolder.refresh': 'Actualiser',
  'legalFolder.notOnboarded':
    "Ce fournisseur n'est pas inscrit sur la plate-forme e-attestation : aucun document n'y est disponible. Renseignez un e-mail d'invitation dans les informations de l'agence.",
  'legalFolder.invited':
    "Une invitation est en attente : le fournisseur ne s'est pas encore inscrit sur la plate-forme e-attestation.",
  'legalFolder.invitationSent': 'Invitation envoyée à {{mail}} le {{date}}.',
  'legalFolder.noDocuments': 'Aucun document demandé pour le moment.',
  'legalFolder.readFailed': "Le dossier administratif n'a pas pu être lu.",
  'legalFolder.retry': 'Réessayer',
  'legalFolder.document': 'Document',
  'legalFolder.available': 'Disponible',
  'legalFolder.availableYes': 'Disponible',
  'legalFolder.availableNo': 'Non disponible',
  'legalFolder.deliveredOn': 'Délivré le',
  'legalFolder.expiresOn': "Valable jusqu'au",
  'legalFolder.noExpiry': 'Sans échéance',
  'legalFolder.state': 'État',
  'legalFolder.states.valid': 'Valide',
  'legalFolder.states.expiring': 'Expire bientôt',
  'legalFolder.states.expired': 'Expiré',
  'legalFolder.states.missing': 'Manquant',
} as const;
