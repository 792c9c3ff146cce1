import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/principal.js';
import {
  agencyNameColumn,
  itemValue,
  marketEdificeColumn,
  readableScope,
  type WorkItemKind,
  type WorkItemSource,
  workItemScope,
} from '../workflow/index.js';
import { ATTACHMENT_ENTITY, attachmentScope } from './attachments.lists.js';

/** An attachment with its order `wo`, whose project and agency scope it. */
const source: WorkItemSource = {
  from: sql`attachments watt JOIN orders wo ON wo.id = watt.order_id`,
  key: sql`watt.id`,
  alias: 'wo',
};

/** A profile's visibility on an attachment row (the attachment list's aliases: `att` and its order `o`), read right included. */
export function attachmentRowScope(principal: Principal): SQL | undefined {
  return readableScope(principal, 'attachement', attachmentScope, 'o');
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
      scope: (principal) => readableScope(principal, 'attachement', attachmentScope, 'ans'),
      count: sql`ans.attachments`,
      amount: sql`ans.amount`,
    },
  },
  scope: workItemScope('attachement', attachmentScope, source),
  label: (entityId) => itemValue(source, entityId, sql`watt.reference`),
  amount: (entityId) => itemValue(source, entityId, sql`watt.amount`),
  columns: (entityId) => ({
    reference: { sql: itemValue(source, entityId, sql`watt.reference`), kind: 'text', label: 'Référence' },
    orderReference: { sql: itemValue(source, entityId, sql`wo.reference`), kind: 'text', label: 'Commande' },
    orderName: { sql: itemValue(source, entityId, sql`wo.name`), kind: 'text', label: 'Nom de la commande' },
    marketEdifice: marketEdificeColumn(source, entityId, 'wo'),
    agencyName: agencyNameColumn(source, entityId, 'wo'),
    amount: { sql: itemValue(source, entityId, sql`watt.amount`), kind: 'money', label: 'Montant (€ HT)' },
  }),
};
