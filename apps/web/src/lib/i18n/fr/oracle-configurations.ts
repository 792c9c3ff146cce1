/** Texts of the Oracle configuration screens and of the user's rename from Oracle (French build). */
export const frOracleConfigurations = {
  'oracleConfigurations.warning':
    'Attention : modifier ces valeurs change directement les commandes et les réceptions envoyées au système comptable (Oracle).',
  'oracleConfigurations.tasksHint': 'La synchronisation des projets et les envois vers Oracle se suivent dans les',
  'oracleConfigurations.tasksLink': 'Tâches',
  'oracleConfigurations.syncProjects': 'Synchroniser les projets',
  'oracleConfigurations.syncDone':
    'Synchronisation terminée : {{projects}} projets Oracle et {{tasks}} tâches reçus pour {{units}} business units.',
  'users.renameFromOracle': 'Renommer depuis Oracle',
  'users.renameFromOracleHelp': "Donne à l'utilisateur et à ses profils le nom de la personne Oracle qui a son adresse mail.",
  'users.renameFromOracleConfirm':
    'Remplacer le nom de {{name}} (et de ses profils) par celui de la personne Oracle qui a son adresse mail ?',
  'users.renamedFromOracle': "L'utilisateur porte maintenant le nom connu d'Oracle : {{name}}.",
  'users.alreadyOracleName': "L'utilisateur porte déjà le nom connu d'Oracle : {{name}}.",
};
