import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { roles, users } from './access.js';

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/** A workflow of one kind of work item (its object name: order, attachement, envelope, ...). */
export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    objectName: text('object_name').notNull(),
    createdAt,
  },
  (table) => [uniqueIndex('workflows_code_unique').on(table.code), uniqueIndex('workflows_object_unique').on(table.objectName)],
);

/** A step of a workflow: 1 start, 2 normal, 3 error, 4 end. */
export const workflowNodes = pgTable(
  'workflow_nodes',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(2),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('workflow_nodes_code_unique').on(table.workflowId, table.code),
    check('workflow_nodes_type_check', sql`${table.type} BETWEEN 1 AND 4`),
  ],
);

/**
 * A link between two nodes. One code may label several links (e.g. a refusal from two validation
 * steps); `hidden` transitions have no button (a dedicated action fires them), `disabled` ones cannot fire.
 */
export const workflowTransitions = pgTable(
  'workflow_transitions',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(1),
    helper: text('helper'),
    disabled: boolean('disabled').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    fromNodeId: integer('from_node_id')
      .notNull()
      .references(() => workflowNodes.id, { onDelete: 'cascade' }),
    toNodeId: integer('to_node_id')
      .notNull()
      .references(() => workflowNodes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('workflow_transitions_link_unique').on(table.fromNodeId, table.code, table.toNodeId),
    index('workflow_transitions_workflow_idx').on(table.workflowId),
  ],
);

/** One token per work item: where the item stands. `version` guards concurrent moves. */
export const workflowTokens = pgTable(
  'workflow_tokens',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => workflowNodes.id),
    entityName: text('entity_name').notNull(),
    entityId: integer('entity_id').notNull(),
    creatorId: integer('creator_id').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt,
    /** When the token reached its current node. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workflow_tokens_entity_unique').on(table.entityName, table.entityId),
    index('workflow_tokens_node_idx').on(table.nodeId, table.id),
    // the home dashboard's lists, longest waiting or latest first, walk a kind's tokens by arrival time
    index('workflow_tokens_since_idx').on(table.entityName, table.updatedAt.asc().nullsFirst(), table.entityId),
  ],
);

/** The steps of a token: who moved it, on whose behalf (delegation), with which comment. */
export const workflowTokenHistory = pgTable(
  'workflow_token_history',
  {
    id: serial('id').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => workflowTokens.id, { onDelete: 'cascade' }),
    fromNodeId: integer('from_node_id').references(() => workflowNodes.id),
    toNodeId: integer('to_node_id')
      .notNull()
      .references(() => workflowNodes.id),
    transitionId: integer('transition_id').references(() => workflowTransitions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id),
    delegatedUserId: integer('delegated_user_id').references(() => users.id),
    comment: text('comment'),
    createdAt,
  },
  (table) => [index('workflow_token_history_token_idx').on(table.tokenId, table.id)],
);

/** The nodes a role sees (Workflow tab of the role editor). */
export const roleWorkflowNodes = pgTable(
  'role_workflow_nodes',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => workflowNodes.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.nodeId] }), index('role_workflow_nodes_node_idx').on(table.nodeId)],
);

/** The transitions a role may fire (Workflow tab of the role editor). */
export const roleWorkflowTransitions = pgTable(
  'role_workflow_transitions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    transitionId: integer('transition_id')
      .notNull()
      .references(() => workflowTransitions.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.transitionId] }),
    index('role_workflow_transitions_transition_idx').on(table.transitionId),
  ],
);

/** A delegation of one user's workflow tasks to another between two dates (both included). */
export const delegations = pgTable(
  'delegations',
  {
    id: serial('id').primaryKey(),
    delegateFromId: integer('delegate_from_id')
      .notNull()
      .references(() => users.id),
    delegateToId: integer('delegate_to_id')
      .notNull()
      .references(() => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt,
  },
  (table) => [
    index('delegations_to_idx').on(table.delegateToId, table.endDate),
    index('delegations_from_idx').on(table.delegateFromId),
    check('delegations_dates_check', sql`${table.endDate} >= ${table.startDate}`),
    check('delegations_distinct_check', sql`${table.delegateFromId} <> ${table.delegateToId}`),
  ],
);
