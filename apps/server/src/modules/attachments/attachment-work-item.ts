import { sql } from 'drizzle-orm';
import { type WorkItemKind, workItemParts } from '../workflow/index.js';
import { ATTACHMENT_ENTITY, attachmentScope, attachmentScopeUser } from './attachments.lists.js';

/** An attachment is read with its order `wo`, whose project and agency scope it. */
const parts = workItemParts('attachement', attachmentScope, {
  table: 'attachments',
  from: sql`attachments watt JOIN orders wo ON wo.id = watt.order_id`,
  key: sql`watt.id`,
  alias: 'wo',
});

/**
 * Attachments as work items of the attachment workflow: a profile sees an attachment's token when it may
 * read attachments and the attachment's order is in its scope (the attachment list's rule).
 */
export const attachmentWorkItem: WorkItemKind = {
  entity: ATTACHMENT_ENTITY,
  // the attachment list's row (`att` and its order `o`); per node and order project and agency (migration
  // 0046): the flowchart's counts
  ...parts.storedRow({
    from: sql`attachments att LEFT JOIN orders o ON o.id = att.order_id`,
    alias: 'att',
    scopeAlias: 'o',
    summary: {
      from: sql`attachment_node_summaries ans`,
      alias: 'ans',
      count: sql`ans.attachments`,
      amount: sql`ans.amount`,
      rollUp: sql`attachment_node_rollups ans`,
      userRollUp: { from: sql`attachment_node_user_rollups ans`, scopeUser: attachmentScopeUser },
    },
  }),
  ...parts.item(sql`watt.reference`, sql`watt.amount`),
  columns: (entityId) => ({
    reference: parts.column(entityId, sql`watt.reference`, 'text', 'Référence'),
    orderReference: parts.column(entityId, sql`wo.reference`, 'text', 'Commande'),
    orderName: parts.column(entityId, sql`wo.name`, 'text', 'Nom de la commande'),
    ...parts.marketAndAgency(entityId),
    amount: parts.column(entityId, sql`watt.amount`, 'money', 'Montant (€ HT)'),
  }),
};
