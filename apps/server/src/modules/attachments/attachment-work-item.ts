import { type SQL, sql } from 'drizzle-orm';
import { can, type Principal } from '../../platform/principal.js';
import type { WorkItemKind } from '../workflow/index.js';
import { ATTACHMENT_ENTITY, attachmentScope } from './attachments.lists.js';

const ofAttachment = (entityId: SQL, expression: SQL) =>
  sql`(SELECT ${expression} FROM attachments watt JOIN orders wo ON wo.id = watt.order_id WHERE watt.id = ${entityId})`;

/** A profile's visibility on an attachment row (the attachment list's aliases: `att` and its order `o`), read right included. */
export function attachmentRowScope(principal: Principal): SQL | undefined {
  return can(principal, 'attachement', 'read')
    ? attachmentScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` })
    : sql`FALSE`;
}

/**
 * Attachments as work items of the attachment workflow: a profile sees an attachment's token when it may
 * read attachments and the attachment's order is in its scope (the attachment list's rule).
 */
export const attachmentWorkItem: WorkItemKind = {
  entity: ATTACHMENT_ENTITY,
  nodeColumn: { table: 'attachments', column: 'wf_node_id' },
  row: {
    from: sql`attachments att LEFT JOIN orders o ON o.id = att.order_id`,
    alias: 'att',
    scope: attachmentRowScope,
    // per node and order project and agency (migration 0046): the flowchart's counts
    summary: {
      from: sql`attachment_node_summaries ans`,
      node: sql`ans.node_id`,
      scope: (principal) =>
        can(principal, 'attachement', 'read')
          ? attachmentScope(principal, { projectId: sql`ans.project_id`, agencyId: sql`ans.agency_id` })
          : sql`FALSE`,
      count: sql`ans.attachments`,
      amount: sql`ans.amount`,
    },
  },
  scope(principal: Principal, entityId: SQL): SQL {
    if (!can(principal, 'attachement', 'read')) {
      return sql`FALSE`;
    }
    const scope = attachmentScope(principal, { projectId: sql`wo.project_id`, agencyId: sql`wo.agency_id` });
    return sql`EXISTS (SELECT 1 FROM attachments watt JOIN orders wo ON wo.id = watt.order_id
      WHERE watt.id = ${entityId}${scope ? sql` AND ${scope}` : sql``})`;
  },
  label: (entityId) => ofAttachment(entityId, sql`watt.reference`),
  amount: (entityId) => ofAttachment(entityId, sql`watt.amount`),
  columns: (entityId) => ({
    reference: { sql: ofAttachment(entityId, sql`watt.reference`), kind: 'text', label: 'Référence' },
    orderReference: { sql: ofAttachment(entityId, sql`wo.reference`), kind: 'text', label: 'Commande' },
    orderName: { sql: ofAttachment(entityId, sql`wo.name`), kind: 'text', label: 'Nom de la commande' },
    marketEdifice: {
      sql: ofAttachment(entityId, sql`(SELECT wm.edifice FROM markets wm WHERE wm.id = wo.market_id)`),
      kind: 'text',
      label: 'Marché',
    },
    agencyName: {
      sql: ofAttachment(entityId, sql`(SELECT wa.name FROM agencies wa WHERE wa.id = wo.agency_id)`),
      kind: 'text',
      label: 'Agence',
    },
    amount: { sql: ofAttachment(entityId, sql`watt.amount`), kind: 'money', label: 'Montant (€ HT)' },
  }),
};
