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
 * GET /dashboard/orderstovalidate: the orders `haveToDo` keeps (the workflow engine's `workItemFilter` on
 * `o.id`, which holds the scope, the forward transitions and the delegations), longest waiting first;
 * counted and totalled from the node summary's rows when `stored` gives the same condition on them.
 */
export function ordersToValidateList(haveToDo: SQL, stored?: StoredTotals): ListDefinition {
  return defineList({
    ...(stored ? { stored } : {}),
    name: 'dashboard-orders-to-validate',
    from: sql`orders o
      JOIN workflow_tokens tok ON tok.entity_name = ${ORDER_ITEM} AND tok.entity_id = o.id
      JOIN workflow_nodes tn ON tn.id = tok.node_id
      JOIN markets m ON m.id = o.market_id
      JOIN agencies a ON a.id = o.agency_id
      JOIN projects p ON p.id = o.project_id`,
    // My tasks reads the order alone (its stored node and scope): counted without the joins
    countFrom: sql`orders o`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
      reference: { sql: sql`o.reference`, kind: 'text', label: 'Référence' },
      name: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
      marketId: { sql: sql`m.id`, kind: 'id', label: 'Marché (id)', joined: true },
      marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Marché', joined: true },
      amount: { sql: sql`o.total`, kind: 'money', label: 'Montant (€ HT)', summable: true },
      ...stepColumns(),
    },
    defaultSort: { column: 'since', direction: 'asc' },
    where: haveToDo,
  });
}

/** GET /dashboard/marketstovalidate: the subcontractor markets `haveToDo` keeps, longest waiting first. */
export function marketsToValidateList(haveToDo: SQL): ListDefinition {
  return defineList({
    name: 'dashboard-markets-to-validate',
    from: sql`markets m
      JOIN workflow_tokens tok ON tok.entity_name = ${MARKET_ITEM} AND tok.entity_id = m.id
      JOIN workflow_nodes tn ON tn.id = tok.node_id
      JOIN agencies a ON a.id = m.agency_id
      JOIN projects p ON p.id = m.project_id`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`m.id`, kind: 'id', label: 'ID' },
      edifice: { sql: sql`m.edifice`, kind: 'text', label: 'Code Edifice' },
      amount: { sql: sql`m.max_amount_dc4`, kind: 'money', label: 'Montant max DC4', summable: true },
      ...stepColumns(),
    },
    defaultSort: { column: 'since', direction: 'asc' },
    where: haveToDo,
  });
}

/**
 * GET /dashboard/attachementstovalidate: the attachments `haveToDo` keeps, longest waiting first, with
 * their order, market and amount (excluding tax, as stored by the attachments' amounts module); counted and
 * totalled from the node summary's rows when `stored` gives the same condition on them.
 */
export function attachmentsToValidateList(haveToDo: SQL, stored?: StoredTotals): ListDefinition {
  return defineList({
    ...(stored ? { stored } : {}),
    name: 'dashboard-attachments-to-validate',
    from: sql`attachments att
      JOIN workflow_tokens tok ON tok.entity_name = ${ATTACHMENT_ITEM} AND tok.entity_id = att.id
      JOIN workflow_nodes tn ON tn.id = tok.node_id
      JOIN orders o ON o.id = att.order_id
      JOIN markets m ON m.id = o.market_id
      JOIN agencies a ON a.id = o.agency_id
      JOIN projects p ON p.id = o.project_id`,
    // My tasks reads the attachment and its order (stored node, scope): counted without the other joins;
    // a LEFT JOIN on the order's key (order_id is a NOT NULL foreign key: the same rows), which PostgreSQL
    // drops when no scope reads the order
    countFrom: sql`attachments att LEFT JOIN orders o ON o.id = att.order_id`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`att.id`, kind: 'id', label: 'ID' },
      reference: { sql: sql`att.reference`, kind: 'text', label: 'Référence' },
      orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)' },
      orderReference: { sql: sql`o.reference`, kind: 'text', label: 'Commande' },
      orderName: { sql: sql`o.name`, kind: 'text', label: 'Complément' },
      marketId: { sql: sql`m.id`, kind: 'id', label: 'Marché (id)', joined: true },
      marketEdifice: { sql: sql`m.edifice`, kind: 'text', label: 'Marché', joined: true },
      amount: { sql: sql`att.amount`, kind: 'money', label: 'Montant (€ HT)', summable: true },
      ...stepColumns(),
    },
    defaultSort: { column: 'since', direction: 'asc' },
    where: haveToDo,
  });
}
