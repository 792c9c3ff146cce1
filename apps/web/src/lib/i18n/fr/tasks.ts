/** Texts of the background task screen (French build). */
export const frTasks = {
  'tasks.title': 'Tâches',
  'tasks.refresh': 'Rafraîchir',
  'tasks.id': 'ID',
  'tasks.jobId': 'JobId',
  'tasks.entity': 'Entité',
  'tasks.entityId': "ID de l'entité",
  'tasks.creator': 'Créateur',
  'tasks.statusLabel': 'Statut',
  'tasks.createdAt': 'Créée le',
  'tasks.events': 'Événements',
};
