import {
  ORDER_FINANCIAL_OPTION_MESSAGE,
  ORDER_RELEASE_DATE_MESSAGE,
  WARRANTY_DATES_OPTION,
  type WarrantyOrderDatesInput,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest, businessRefusal, notFound, staleVersion } from '../../platform/errors.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { idList } from '../../platform/sql-rows.js';
import { ORDER_ENTITY, orderScope } from '../orders/index.js';

type LockedOrder = { id: number; reference: string; date: string; version: number };

/** The order warranties screen's save (spec 2 §7 PUT /orders): delivery or RG release dates of the selected orders. */
export function createWarrantyService(database: Database) {
  /**
   * Sets each order's delivery date (PV de réception) or RG release date, all or none: the financial
   * option is needed (422 otherwise), every order must be in the caller's scope (404), a release date
   * must follow the order date (400, naming the order). The order's other editing rules (lock, sent to
   * the subcontractor or the ERP) do not apply: the warranty dates are set after the works, when the
   * order is usually locked (docs/decisions.md).
   */
  async function setDates(input: WarrantyOrderDatesInput, principal: Principal, context: AuditContext): Promise<number> {
    if (!hasOption(principal, WARRANTY_DATES_OPTION)) {
      throw businessRefusal(ORDER_FINANCIAL_OPTION_MESSAGE);
    }
    const ids = input.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) {
      throw badRequest('Une commande figure deux fois dans la sélection.', { orders: 'Commande en double.' });
    }
    return database.transaction(async (tx) => {
      const scope = orderScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` });
      const result = (await tx.execute(sql`SELECT o.id, o.reference, o.date::text AS date, o.version FROM orders o
        WHERE o.id IN (${idList(ids)})${scope ? sql` AND ${scope}` : sql``}
        ORDER BY o.id FOR UPDATE OF o`)) as unknown as { rows: LockedOrder[] };
      const locked = new Map(result.rows.map((row) => [row.id, row]));
      for (const entry of input) {
        const order = locked.get(entry.id);
        if (!order) {
          throw notFound();
        }
        if (entry.version !== undefined && entry.version !== order.version) {
          throw staleVersion(order.version);
        }
        if (entry.releaseDate !== undefined && entry.releaseDate <= order.date) {
          const message = `${order.reference} : ${ORDER_RELEASE_DATE_MESSAGE}`;
          throw badRequest(message, { releaseDate: message });
        }
      }
      for (const entry of input) {
        const [before] = await tx.select().from(orders).where(eq(orders.id, entry.id));
        await tx
          .update(orders)
          .set({
            ...(entry.deliveryDate === undefined ? {} : { deliveryDate: entry.deliveryDate }),
            ...(entry.releaseDate === undefined ? {} : { releaseDate: entry.releaseDate }),
            version: sql`${orders.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, entry.id));
        const [after] = await tx.select().from(orders).where(eq(orders.id, entry.id));
        await recordAudit(tx, context, { entity: ORDER_ENTITY, entityId: entry.id, action: 'update', before, after });
      }
      return input.length;
    });
  }

  return { setDates };
}
