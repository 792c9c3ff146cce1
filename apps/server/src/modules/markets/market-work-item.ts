import { type SQL, sql } from 'drizzle-orm';
import { can, type Principal } from '../../platform/principal.js';
import type { WorkItemKind } from '../workflow/index.js';
import { marketScope } from './markets.lists.js';

export const MARKET_ENTITY = 'subcontractor_market';

/**
 * Markets as work items of the subcontractor market workflow: a profile sees a market's token when it
 * may read markets and the market is in its scope (the market list's rule).
 */
export const marketWorkItem: WorkItemKind = {
  entity: MARKET_ENTITY,
  scope(principal: Principal, entityId: SQL): SQL {
    if (!can(principal, 'subcontractor_market', 'read')) {
      return sql`FALSE`;
    }
    const scope = marketScope(principal, { projectId: sql`wm.project_id`, agencyId: sql`wm.agency_id` });
    return scope
      ? sql`EXISTS (SELECT 1 FROM markets wm WHERE wm.id = ${entityId} AND ${scope})`
      : sql`EXISTS (SELECT 1 FROM markets wm WHERE wm.id = ${entityId})`;
  },
  label: (entityId) => sql`(SELECT wm.edifice FROM markets wm WHERE wm.id = ${entityId})`,
  columns: (entityId) => {
    const of = (expression: SQL) => sql`(SELECT ${expression} FROM markets wm WHERE wm.id = ${entityId})`;
    return {
      edifice: { sql: of(sql`wm.edifice`), kind: 'text', label: 'Code Edifice' },
      agencyName: { sql: of(sql`(SELECT wa.name FROM agencies wa WHERE wa.id = wm.agency_id)`), kind: 'text', label: 'Agence' },
      projectName: {
        sql: of(sql`(SELECT wp.name FROM projects wp WHERE wp.id = wm.project_id)`),
        kind: 'text',
        label: 'Projet',
      },
    };
  },
};
