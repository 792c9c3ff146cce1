import { sql } from 'drizzle-orm';
import { type WorkItemKind, workItemParts } from '../workflow/index.js';
import { marketScope } from './markets.lists.js';

export const MARKET_ENTITY = 'subcontractor_market';

const parts = workItemParts('subcontractor_market', marketScope, {
  table: 'markets',
  from: sql`markets wm`,
  key: sql`wm.id`,
  alias: 'wm',
});

/**
 * Markets as work items of the subcontractor market workflow: a profile sees a market's token when it
 * may read markets and the market is in its scope (the market list's rule).
 */
export const marketWorkItem: WorkItemKind = {
  entity: MARKET_ENTITY,
  ...parts.item(sql`wm.edifice`),
  columns: (entityId) => ({
    edifice: parts.column(entityId, sql`wm.edifice`, 'text', 'Code Edifice'),
    agencyName: parts.agencyName(entityId),
    projectName: parts.column(entityId, sql`(SELECT wp.name FROM projects wp WHERE wp.id = wm.project_id)`, 'text', 'Projet'),
  }),
};
