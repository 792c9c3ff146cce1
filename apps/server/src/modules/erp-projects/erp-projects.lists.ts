import type { OscarProjectRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { projectScope } from '../../platform/scope.js';

const text = (column: string, label: string, joined = false): ListColumn => ({
  sql: sql.raw(column),
  kind: 'text',
  label,
  ...(joined ? { joined } : {}),
});

/** Oracle projects (GET /oracle/projects): restricted profiles see those of their projects. */
export const oracleProjectList = defineList({
  name: 'oracle-projects',
  from: sql`oracle_projects op LEFT JOIN projects p ON p.id = op.project_id`,
  countFrom: sql`oracle_projects op`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`op.id`, kind: 'id', label: 'ID' },
    erpProjectId: { sql: sql`op.erp_project_id`, kind: 'number', label: 'ID Oracle' },
    number: text('op.number', 'Numéro'),
    name: text('op.name', 'Nom'),
    typeName: text('op.type_name', 'Type'),
    unitName: text('op.unit_name', 'Unité'),
    status: text('op.status', 'Statut'),
    businessUnitName: text('op.business_unit_name', 'Business unit'),
    owningOrganizationName: text('op.owning_organization_name', 'Organisation'),
    legalEntityName: text('op.legal_entity_name', 'Entité légale'),
    startDate: { sql: sql`op.start_date`, kind: 'date', label: 'Début' },
    endDate: { sql: sql`op.end_date`, kind: 'date', label: 'Fin' },
    managerName: text('op.manager_name', 'Chef de projet'),
    description: text('op.description', 'Description'),
    projectId: { sql: sql`op.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
    projectCode: text('p.code', 'Projet', true),
  },
  defaultSort: { column: 'number', direction: 'asc' },
  scope: (principal) => projectScope(principal, sql`op.project_id`),
});

/** OSCAR projects (GET /oscarprojects), with the ISF project they are attached to. */
export const oscarProjectList = defineList<OscarProjectRow>({
  name: 'oscar-projects',
  from: sql`oscar_projects o LEFT JOIN projects p ON p.id = o.project_id`,
  countFrom: sql`oscar_projects o`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
    name: text('o.name', 'Nom'),
    dsp: text('o.dsp', 'DSP'),
    oiCode: text('o.oi_code', 'Code OI'),
    subprojectCount: {
      sql: sql`(SELECT count(*)::int FROM oscar_subprojects s WHERE s.oscar_project_id = o.id)`,
      kind: 'number',
      label: 'Sous-projets',
      filterable: false,
    },
    projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
    projectCode: text('p.code', 'Projet', true),
  },
  defaultSort: { column: 'name', direction: 'asc' },
  scope: (principal) => projectScope(principal, sql`o.project_id`),
});

/** OSCAR sub-projects (GET /oscarsubprojects, read-only, CSV), scoped by their project. */
export const oscarSubprojectList = defineList({
  name: 'oscarsubprojects',
  from: sql`oscar_subprojects s JOIN oscar_projects o ON o.id = s.oscar_project_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`s.id`, kind: 'id', label: 'ID' },
    projectName: text('o.name', 'Projet OSCAR'),
    name: text('s.name', 'Nom'),
    dsp: text('s.dsp', 'DSP'),
    oiCode: text('s.oi_code', 'Code OI'),
    marketType: text('s.market_type', 'Type de marché'),
    arcgisName: text('s.arcgis_name', 'Nom ArcGIS'),
    year: { sql: sql`s.year`, kind: 'number', label: 'Année' },
    city: text('s.city', 'Commune'),
    status: text('s.status', 'Statut'),
    milestone: text('s.milestone', 'Jalon'),
    nroName: text('s.nro_name', 'NRO'),
    ipeIdNro: text('s.ipe_id_nro', 'ID IPE NRO'),
    ipeIdPm: text('s.ipe_id_pm', 'ID IPE PM'),
    offerIdPm: text('s.offer_id_pm', 'PM (offre)'),
    axioneInternalPmId: text('s.axione_internal_pm_id', 'ID PM interne'),
    pmCity: text('s.pm_city', 'Commune du PM'),
    oscarProjectId: { sql: sql`s.oscar_project_id`, kind: 'id', label: 'Projet OSCAR (id)', hiddenInCsv: true },
    projectId: { sql: sql`o.project_id`, kind: 'id', label: 'Projet (id)', hiddenInCsv: true },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => projectScope(principal, sql`o.project_id`),
});
