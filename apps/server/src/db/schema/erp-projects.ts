import { bigint, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';
import { projects } from './organisation.js';

/**
 * Projects of the ERP (Oracle), copied by the synchronisation; `projectId` is the ISF project the
 * Oracle project is attached to (at most one), `erpProjectId` the ERP's own ProjectId.
 */
export const oracleProjects = pgTable(
  'oracle_projects',
  {
    id: serial('id').primaryKey(),
    erpProjectId: bigint('erp_project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    typeName: text('type_name'),
    unitName: text('unit_name'),
    status: text('status'),
    businessUnitName: text('business_unit_name'),
    owningOrganizationName: text('owning_organization_name'),
    legalEntityName: text('legal_entity_name'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    managerName: text('manager_name'),
    description: text('description'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (table) => [
    uniqueIndex('oracle_projects_erp_id_unique').on(table.erpProjectId),
    index('oracle_projects_project_idx').on(table.projectId),
    index('oracle_projects_business_unit_idx').on(table.businessUnitName),
    index('oracle_projects_name_idx').on(table.name.asc().nullsFirst()),
  ],
);

/** Tasks of an ERP project (what orders are charged to), copied with their project. */
export const oracleTasks = pgTable(
  'oracle_tasks',
  {
    id: serial('id').primaryKey(),
    erpTaskId: bigint('erp_task_id', { mode: 'number' }).notNull(),
    oracleProjectId: integer('oracle_project_id')
      .notNull()
      .references(() => oracleProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    description: text('description'),
    ...versioned,
  },
  (table) => [
    uniqueIndex('oracle_tasks_erp_id_unique').on(table.erpTaskId),
    index('oracle_tasks_project_idx').on(table.oracleProjectId, table.number),
  ],
);

/** FTTH projects of the OSCAR network information system; attached to at most one ISF project. */
export const oscarProjects = pgTable(
  'oscar_projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    dsp: text('dsp'),
    oiCode: text('oi_code'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (table) => [uniqueIndex('oscar_projects_name_unique').on(table.name), index('oscar_projects_project_idx').on(table.projectId)],
);

/** OSCAR sub-projects (a PM zone and its NRO), with the construction base quantities (`oscarColumns`). */
export const oscarSubprojects = pgTable(
  'oscar_subprojects',
  {
    id: serial('id').primaryKey(),
    oscarProjectId: integer('oscar_project_id')
      .notNull()
      .references(() => oscarProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dsp: text('dsp'),
    oiCode: text('oi_code'),
    marketType: text('market_type'),
    arcgisName: text('arcgis_name'),
    year: integer('year'),
    city: text('city'),
    status: text('status'),
    milestone: text('milestone'),
    nroName: text('nro_name'),
    ipeIdNro: text('ipe_id_nro'),
    ipeIdPm: text('ipe_id_pm'),
    offerIdPm: text('offer_id_pm'),
    axioneInternalPmId: text('axione_internal_pm_id'),
    pmCity: text('pm_city'),
    oscarColumns: jsonb('oscar_columns').$type<Record<string, string>>().notNull().default({}),
    ...versioned,
  },
  (table) => [
    index('oscar_subprojects_project_idx').on(table.oscarProjectId),
    index('oscar_subprojects_name_idx').on(table.name.asc().nullsFirst()),
  ],
);
