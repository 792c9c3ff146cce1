import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { versioned } from './columns.js';
import { businessUnits, projectTypes } from './reference.js';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    edifice: text('edifice').notNull(),
    name: text('name').notNull(),
    siren: text('siren'),
    manager: text('manager'),
    mail: text('mail'),
    ...versioned,
  },
  (table) => [uniqueIndex('companies_edifice_unique').on(table.edifice), index('companies_name_idx').on(table.name)],
);

export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    edifice: text('edifice'),
    siret: text('siret'),
    manager: text('manager'),
    address: text('address'),
    phone: text('phone'),
    mail: text('mail'),
    /** Follow-up of the legal documents by the e-attestation service. */
    synchronize: boolean('synchronize').notNull().default(false),
    inviteMail: text('invite_mail'),
    inThirdParty: boolean('in_third_party').notNull().default(false),
    /** 1 fine, 2 warning, 3 error (legal follow-up). */
    status: smallint('status').notNull().default(1),
    documentsCompleted: boolean('documents_completed').notNull().default(false),
    /** Whether the supplier is registered on the follow-up platform (null: never asked). */
    legalOnboarded: boolean('legal_onboarded'),
    /** Last reading of the legal folder, which refreshed status and documentsCompleted. */
    legalCheckedAt: timestamp('legal_checked_at', { withTimezone: true, mode: 'string' }),
    /** The address the follow-up invitation went to, so that saving again does not invite again. */
    invitationSentTo: text('invitation_sent_to'),
    invitationSentAt: timestamp('invitation_sent_at', { withTimezone: true, mode: 'string' }),
    ...versioned,
  },
  (table) => [index('agencies_company_idx').on(table.companyId), index('agencies_siret_idx').on(table.siret)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    typeId: integer('type_id').references(() => projectTypes.id),
    managerId: integer('manager_id').references(() => users.id),
    address: text('address'),
    businessUnitId: integer('business_unit_id').references(() => businessUnits.id),
    /** Day of month (01-28) of the monthly statement generation, or null. */
    msGenerationDate: text('ms_generation_date'),
    paymentGuarantee: boolean('payment_guarantee').notNull().default(false),
    shareFiles: boolean('share_files').notNull().default(false),
    ...versioned,
  },
  (table) => [
    // NULLS FIRST: the list engine sorts `asc NULLS FIRST` / `desc NULLS LAST`, which only an index
    // declared NULLS FIRST can serve (forwards / backwards); see docs/performance.md
    uniqueIndex('projects_code_unique').on(table.code.asc().nullsFirst()),
    index('projects_name_idx').on(table.name.asc().nullsFirst()),
    index('projects_type_name_idx').on(table.typeId, table.name.asc().nullsFirst(), table.id),
    index('projects_manager_idx').on(table.managerId),
    // the few projects whose payment guarantee replaces the RG: the budget warranties' totals read them once
    index('projects_payment_guarantee_idx').on(table.id).where(sql`${table.paymentGuarantee}`),
    // the projects with a monthly generation day: what the statement schedule's tick reads (not every project)
    index('projects_generation_day_idx').on(table.id).where(sql`${table.msGenerationDate} IS NOT NULL`),
    // pg_trgm: serve the list engine's "contains" filters (regular expressions, see platform/text-match.ts)
    index('projects_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('projects_code_trgm_idx').using('gin', sql`${table.code} gin_trgm_ops`),
  ],
);

export const userProjects = pgTable(
  'user_projects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] }), index('user_projects_project_idx').on(table.projectId)],
);

export const userAgencies = pgTable(
  'user_agencies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.agencyId] })],
);

export const imputations = pgTable(
  'imputations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eotp: text('eotp').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...versioned,
  },
  (table) => [uniqueIndex('imputations_eotp_unique').on(table.eotp), index('imputations_project_idx').on(table.projectId)],
);
