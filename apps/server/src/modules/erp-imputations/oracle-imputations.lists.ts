import { sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';

const text = (column: string, label: string, joined = false): ListColumn => ({
  sql: sql.raw(column),
  kind: 'text',
  label,
  ...(joined ? { joined } : {}),
});

/**
 * ERP imputations (GET /oracle/imputations, CSV /oracle/imputations/csv): the imported lines with the
 * ERP project and task the synchronisation found, ISF's imputation of the same eOTP and the number of
 * orders bound to them. An ERP-wide list: no visibility scope (the right on `oracle_imputation` gates it).
 */
export const oracleImputationList = defineList({
  name: 'oracle-imputations',
  from: sql`oracle_imputations oi
    LEFT JOIN imputations i ON i.id = oi.imputation_id
    LEFT JOIN oracle_projects op ON op.id = oi.oracle_project_id
    LEFT JOIN oracle_tasks ot ON ot.id = oi.oracle_task_id`,
  countFrom: sql`oracle_imputations oi`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`oi.id`, kind: 'id', label: 'ID' },
    eotp: text('oi.eotp', 'eOTP'),
    prestationType: text('oi.prestation_type', 'Type de prestation'),
    projectNumber: text('oi.project_number', 'Numéro de projet'),
    organization: text('oi.organization', 'Organisation'),
    taskNumber: text('oi.task_number', 'Numéro de tâche'),
    imputationId: { sql: sql`oi.imputation_id`, kind: 'id', label: 'Imputation (id)', hiddenInCsv: true },
    imputation: text('i.description', 'Imputation', true),
    oracleProjectId: { sql: sql`oi.oracle_project_id`, kind: 'id', label: 'Projet Oracle (id)', hiddenInCsv: true },
    oracleProjectName: text('op.name', 'Projet Oracle', true),
    oracleProjectNumber: text('op.number', 'Numéro du projet Oracle', true),
    oracleTaskName: text('ot.name', 'Tâche Oracle', true),
    syncStatus: { sql: sql`oi.sync_status`, kind: 'enum', label: 'Synchronisation' },
    syncMessage: text('oi.sync_message', 'Message de synchronisation'),
    syncedAt: { sql: sql`oi.synced_at`, kind: 'date', label: 'Synchronisée le' },
    orderCount: {
      sql: sql`(SELECT count(*)::int FROM oracle_imputation_orders oio WHERE oio.oracle_imputation_id = oi.id)`,
      kind: 'number',
      label: 'Commandes rattachées',
      filterable: false,
    },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});
