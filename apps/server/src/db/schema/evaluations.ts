import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { markets } from './markets.js';
import { agencies, projects } from './organisation.js';

/**
 * Supplier evaluations (spec 3 §3): type 1 safety and 2 procurement rate an agency; 3 project rates the
 * agency's work on a project (its market, later its order: `order_id` has no foreign key until orders
 * exist). Evaluations are never edited, only created and deleted.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    projectId: integer('project_id').references(() => projects.id),
    marketId: integer('market_id').references(() => markets.id),
    orderId: integer('order_id'),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    /** When the rating was given: the dashboard's date filters read it. */
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    comment: text('comment'),
  },
  (table) => [
    index('evaluations_agency_rated_idx').on(table.agencyId, table.ratedAt),
    index('evaluations_project_idx').on(table.projectId),
    index('evaluations_market_idx').on(table.marketId),
    index('evaluations_rated_idx').on(table.ratedAt),
    check('evaluations_type_check', sql`${table.type} IN (1, 2, 3)`),
    check('evaluations_project_type_check', sql`${table.type} = 3 OR (${table.projectId} IS NULL AND ${table.marketId} IS NULL)`),
  ],
);

/** One row per rated criterion of an evaluation: 1 to 5 stars, with a comment for project criteria. */
export const evaluationCriteria = pgTable(
  'evaluation_criteria',
  {
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    criterion: text('criterion').notNull(),
    value: smallint('value').notNull(),
    comment: text('comment'),
  },
  (table) => [
    primaryKey({ columns: [table.evaluationId, table.criterion] }),
    check('evaluation_criteria_value_check', sql`${table.value} BETWEEN 1 AND 5`),
    check(
      'evaluation_criteria_criterion_check',
      sql`${table.criterion} IN ('relational', 'rse', 'quality', 'reactivity', 'technic', 'safety')`,
    ),
  ],
);
