import type { frOracleConfigurations } from '../fr/oracle-configurations';

/** English texts of the same keys. */
export const enOracleConfigurations: Record<keyof typeof frOracleConfigurations, string> & Record<string, string> = {
  'fields.value': 'Value',
  'resources.oracleconfigurations.title': 'Oracle configuration',
  'resources.oracleconfigurations.one': 'Oracle setting',
  'oracleConfigurations.warning':
    'Warning: changing these values directly changes the orders and receipts sent to the accounting system (Oracle).',
  'oracleConfigurations.tasksHint': 'Project synchronisations and sends to Oracle are followed in the',
  'oracleConfigurations.tasksLink': 'Tasks',
  'oracleConfigurations.syncProjects': 'Synchronise projects',
  'oracleConfigurations.syncDone':
    'Synchronisation done: {{projects}} Oracle projects and {{tasks}} tasks received for {{units}} business units.',
  'users.renameFromOracle': 'Rename from Oracle',
  'users.renameFromOracleHelp': 'Gives the user and its profiles the name of the Oracle person with their mail address.',
  'users.renameFromOracleConfirm': "Replace the name of {{name}} (and of its profiles) with the Oracle person's name?",
  'users.renamedFromOracle': 'The user now has the name Oracle knows: {{name}}.',
  'users.alreadyOracleName': 'The user already has the name Oracle knows: {{name}}.',
};
