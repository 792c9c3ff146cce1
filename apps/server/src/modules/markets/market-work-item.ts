import { sql } from 'drizzle-orm';
import { agencyNameColumn, itemValue, type WorkItemKind, type WorkItemSource, workItemScope } from '../workflow/index.js';
import { marketScope } from './markets.lists.js';

export const MARKET_ENTITY = 'subcontractor_market';

const source: WorkItemSource = { from: sql`markets wm`, key: sql`wm.id`, alias: 'wm' };

/**
 * Markets as work items of the subcontractor market workflow: a profile sees a market's token when it
 * may read markets and the market is in its scope (the market list's rule).
 */
export const marketWorkItem: WorkItemKind = {
  entity: MARKET_ENTITY,
  scope: workItemScope('subcontractor_market', marketScope, source),
  label: (entityId) => itemValue(source, entityId, sql`wm.edifice`),
  columns: (entityId) => ({
    edifice: { sql: itemValue(source, entityId, sql`wm.edifice`), kind: 'text', label: 'Code Edifice' },
    agencyName: agencyNameColumn(source, entityId, 'wm'),
    projectName: {
      sql: itemValue(source, entityId, sql`(SELECT wp.name FROM projects wp WHERE wp.id = wm.project_id)`),
      kind: 'text',
      label: 'Projet',
    },
  }),
};
