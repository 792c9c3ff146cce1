import { WORKFLOW_OBJECTS } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn, type ListDefinition, type StoredTotals } from '../../platform/list-engine.js';

export const ORDER_ITEM = WORKFLOW_OBJECTS.service_order;
export const MARKET_ITEM = WORKFLOW_OBJECTS.subcontractor_market;
export const ATTACHMENT_ITEM = WORKFLOW_OBJECTS.attachement;

/** The token of the item (`tok`, one per item) and its step, agency and project: the columns the lists share. */
function stepColumns(): Record<string, ListColumn> {
  return {
    nodeId: { sql: sql`tn.id`, kind: 'id', label: 'Étape (id)', joined: true },
    nodeName: { sql: sql`tn.name`, kind: 'text', label: 'Étape', joined: true },
    nodeCode: { sql: sql`tn.code`, kind: 'text', label: 'Code étape', joined: true },
    agencyId: { sql: sql`a.id`, kind: 'id', label: 'Agence (id)', joined: true },
    agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
    projectId: { sql: sql`p.id`, kind: 'id', label: 'Projet (id)', joined: true },
    projectName: { sql: sql`p.name`, kind: 'text', label: 'Projet', joined: true },
    // ISO 8601 in UTC (the driver's text form, `2026-03-04 09:30:00+00`, is not one); sorted on the time
    // itself, which the tokens' index by kind and arrival (`workflow_tokens_since_idx`) serves
    since: {
      sql: sql`to_char(tok.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      orderSql: sql`tok.updated_at`,
      kind: 'date',
      label: "Arrivée à l'étape",
      joined: true,
    },
  };
}

/**
 * A dashboard list of the items of one kind that `haveToDo` keeps (the workflow engine's `workItemFilter` on
 * the item's id, which holds the scope, the forward transitions and the delegations), longest waiting first:
 * the item's own columns, then its token's step (`tok`, `tn`, joined here) with the agency (`a`) and project
 * (`p`) that `joins` bring.
 */
function toValidateList(
  haveToDo: SQL,
  list: {
    name: string;
    /** The item's table with its alias, its workflow object and its id column. */
    table: SQL;
    item: string;
    itemId: SQL;
    joins: SQL;
    countFrom?: SQL;
    columns: Record<string, ListColumn>;
    stored?: StoredTotals | undefined;
  },
): ListDefinition {
  return defineList({
    ...(list.stored ? { stored: list.stored } : {}),
    name: list.name,
    from: sql`${list.table}
      JOIN workflow_tokens tok ON tok.entity_name = ${list.item} AND tok.entity_id = ${list.itemId}
      JOIN workflow_nodes tn ON tn.id = tok.node_id
      ${list.joins}`,
    ...(list.countFrom ? { countFrom: list.countFrom } : {}),
    idColumn: 'id',
    columns: { ...list.columns, ...stepColumns() },
    defaultSort: { column: 'since', direction: 'asc' },
    where: haveToDo,
  });
}

/**
 * GET /dashboard/orderstovalidate: the orders `haveToDo` keeps (on `o.id`), longest waiting first; counted
 * and totalled from the node summary's rows when `stored` gives the same condition on them.
 */
export function ordersToValidateList(haveToDo: SQL, stored?: StoredTotals): ListDefinition {
  return toValidateList(haveToDo, {
    stored,
    name: 'dashboard-orders-to-validate',
    table: sql`orders o`,
    item: ORDER_ITEM,
    itemId: sql`o.id`,
    joins: sql`JOIN markets m ON m.id = o.market_id
      JOIN agencies a ON a.id = o.agency_id
      JOIN projects p ON p.id = o.project_id`,
    // My tasks reads the order alone (its stored node and scope): counted without the joins
    countFrom: sql`orders o`,
    columns: {
      id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
      reference: { sql: sql`o.reference`, kind: 'text', label: 'Référence' },
      name: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
      marketId: { sql: sql`m.id`, kind: 'id', label: 'Marché (id)', joined: true },
      marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Marché', joined: true },
      amount: { sql: sql`o.total`, kind: 'money', label: 'Montant (€ HT)', summable: true },
    },
  });
}

/** GET /dashboard/marketstovalidate: the subcontractor markets `haveToDo` keeps, longest waiting first. */
export function marketsToValidateList(haveToDo: SQL): ListDefinition {
  return toValidateList(haveToDo, {
    name: 'dashboard-markets-to-validate',
    table: sql`markets m`,
    item: MARKET_ITEM,
    itemId: sql`m.id`,
    joins: sql`JOIN agencies a ON a.id = m.agency_id
      JOIN projects p ON p.id = m.project_id`,
    columns: {
      id: { sql: sql`m.id`, kind: 'id', label: 'ID' },
      edifice: { sql: sql`m.edifice`, kind: 'text', label: 'Code Edifice' },
      amount: { sql: sql`m.max_amount_dc4`, kind: 'money', label: 'Montant max DC4', summable: true },
    },
  });
}

/**
 * GET /dashboard/attachementstovalidate: the attachments `haveToDo` keeps, longest waiting first, with
 * their order, market and amount (excluding tax, as stored by the attachments' amounts module); counted and
 * totalled from the node summary's rows when `stored` gives the same condition on them.
 */
export function attachmentsToValidateList(haveToDo: SQL, stored?: StoredTotals): ListDefinition {
  return toValidateList(haveToDo, {
    stored,
    name: 'dashboard-attachments-to-validate',
    table: sql`attachments att`,
    item: ATTACHMENT_ITEM,
    itemId: sql`att.id`,
    joins: sql`JOIN orders o ON o.id = att.order_id
      JOIN markets m ON m.id = o.market_id
      JOIN agencies a ON a.id = o.agency_id
      JOIN projects p ON p.id = o.project_id`,
    // My tasks reads the attachment and its order (stored node, scope): counted without the other joins;
    // a LEFT JOIN on the order's key (order_id is a NOT NULL foreign key: the same rows), which PostgreSQL
    // drops when no scope reads the order
    countFrom: sql`attachments att LEFT JOIN orders o ON o.id = att.order_id`,
    columns: {
      id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
      reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence' },
      orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)' },
      orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
      orderName: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
      marketId: { sql: sql`m.id`, kind: 'id', label: 'Marché (id)', joined: true },
      marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Marché', joined: true },
      amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
    },
  });
}
