import {
  BPU_LOCKED_MESSAGE,
  type BpuPrestationLine,
  type bpuCreateSchema,
  type bpuUpdateSchema,
  formatMessage,
  MARKET_INACTIVE_FOR_BPU_MESSAGE,
  PRESTATION_OUTSIDE_TEMPLATE_MESSAGE,
  type priceLineSchema,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { bpus, markets, prestationPrices, prestations } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud, type Values } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { assertBpuTemplateExists } from './bpu-templates.service.js';
import { isZeroCost, normalizeCost } from './costs.js';
import { prestationOrder } from './prestation-rows.js';
import { PRESTATION_FROM } from './price-schedules.lists.js';

type PriceLine = z.output<typeof priceLineSchema>;
type PriceChange = { prestation: number; before: string | null; after: string };

export function assertUnlocked(bpu: Values): void {
  if (bpu.locked === true) {
    throw businessRefusal(BPU_LOCKED_MESSAGE);
  }
}

function exactCost(cost: string): string {
  const normalized = normalizeCost(cost === '' ? '0' : cost);
  if (normalized === null) {
    throw badRequest('Prix invalide.', { prestationSSTs: 'Prix invalide.' });
  }
  return normalized;
}

/**
 * Saves the price lines of a BPU edit (spec 3 §5): a line is written only when its cost is not zero or
 * empty, or when it is already saved; every line must price a prestation of the BPU's template.
 */
async function savePrices(transaction: Database, bpuId: number, templateId: number, lines: PriceLine[]): Promise<PriceChange[]> {
  const templatePrestations = new Set(
    (await transaction.select({ id: prestations.id }).from(prestations).where(eq(prestations.bpuTemplateId, templateId))).map(
      (row) => row.id,
    ),
  );
  const saved = await transaction
    .select({ id: prestationPrices.id, prestationId: prestationPrices.prestationId, cost: prestationPrices.cost })
    .from(prestationPrices)
    .where(eq(prestationPrices.bpuId, bpuId));
  const byId = new Map(saved.map((line) => [line.id, line]));
  const byPrestation = new Map(saved.map((line) => [line.prestationId, line]));
  const seen = new Set<number>();
  const changes: PriceChange[] = [];
  for (const line of lines) {
    if (!templatePrestations.has(line.prestation)) {
      throw badRequest(PRESTATION_OUTSIDE_TEMPLATE_MESSAGE, { prestationSSTs: PRESTATION_OUTSIDE_TEMPLATE_MESSAGE });
    }
    if (seen.has(line.prestation)) {
      throw badRequest('Une prestation a deux lignes de prix.', { prestationSSTs: 'Prestation en double.' });
    }
    seen.add(line.prestation);
    if (line.id !== null && byId.get(line.id)?.prestationId !== line.prestation) {
      throw badRequest('Ligne de prix inconnue pour ce BPU.', { prestationSSTs: 'Ligne de prix inconnue.' });
    }
    const current = byPrestation.get(line.prestation);
    if (!current && isZeroCost(line.cost)) {
      continue;
    }
    const cost = exactCost(line.cost);
    if (current?.cost === cost) {
      continue;
    }
    if (current) {
      await transaction.update(prestationPrices).set({ cost }).where(eq(prestationPrices.id, current.id));
    } else {
      await transaction.insert(prestationPrices).values({ bpuId, prestationId: line.prestation, cost });
    }
    changes.push({ prestation: line.prestation, before: current?.cost ?? null, after: cost });
  }
  return changes;
}

/** Price schedules (BPU) of markets: one price line per template prestation; a locked BPU never changes. */
export function createBpuService(database: Database) {
  const crud = createCrud(database, {
    table: bpus,
    entity: 'bpu_sst',
    selection: {
      id: bpus.id,
      version: bpus.version,
      name: bpus.name,
      market: bpus.marketId,
      bpuTemplate: bpus.bpuTemplateId,
      bpuTemplateName: sql<string>`(SELECT name FROM bpu_templates WHERE id = ${bpus.bpuTemplateId})`.as('bpuTemplateName'),
      locked: bpus.locked,
    },
  });

  return {
    get: crud.get,

    async create(input: z.output<typeof bpuCreateSchema>, context: AuditContext): Promise<number> {
      await assertBpuTemplateExists(database, input.bpuTemplate);
      const [market] = await database
        .select({ active: markets.active })
        .from(markets)
        .where(eq(markets.id, input.market))
        .limit(1);
      if (!market) {
        throw badRequest('Élément sélectionné inconnu.', { market: formatMessage('validation.selectItem') });
      }
      if (!market.active) {
        throw badRequest(MARKET_INACTIVE_FOR_BPU_MESSAGE, { market: MARKET_INACTIVE_FOR_BPU_MESSAGE });
      }
      return crud.create({ name: input.name, bpuTemplateId: input.bpuTemplate, marketId: input.market }, context);
    },

    async update(id: number, input: z.output<typeof bpuUpdateSchema>, context: AuditContext) {
      let templateId = 0;
      return crud.update(id, { name: input.name, version: input.version }, context, {
        check: (before) => {
          assertUnlocked(before);
          templateId = Number(before.bpuTemplate);
        },
        afterWrite: async (transaction) => ({
          priceChanges: await savePrices(transaction, id, templateId, input.prestationSSTs),
        }),
      });
    },

    async remove(id: number, context: AuditContext) {
      await crud.remove(id, context, { check: assertUnlocked });
    },

    /** Every prestation of the BPU's template with its price line ("0" and a null id when not priced). */
    async prestations(id: number, sort: string | undefined): Promise<BpuPrestationLine[]> {
      const bpu = await crud.get(id);
      const result = (await database.execute(sql`SELECT p.id, p.code, p.description, r.name AS "referenceName",
          cp.name AS "categoryParentName", c.name AS "categoryName", u.name AS "unitName", pt.name AS "typeName",
          pp.id AS "priceId", pp.cost::text AS "cost"
        FROM ${PRESTATION_FROM} LEFT JOIN prestation_prices pp ON pp.prestation_id = p.id AND pp.bpu_id = ${id}
        WHERE p.bpu_template_id = ${Number(bpu.bpuTemplate)}
        ORDER BY ${prestationOrder(sort)}`)) as unknown as {
        rows: (Omit<BpuPrestationLine, 'unit' | 'locked' | 'prestationSST'> & { priceId: number | null; cost: string | null })[];
      };
      return result.rows.map(({ priceId, cost, ...row }) => ({
        ...row,
        unit: row.unitName,
        locked: bpu.locked === true,
        prestationSST: { id: priceId, cost: cost ?? '0', bpuSST: id, prestation: row.id },
      }));
    },

    async find(id: number) {
      const bpu = await crud.find(database, id);
      if (!bpu) {
        throw notFound();
      }
      return bpu;
    },
  };
}

export type BpuService = ReturnType<typeof createBpuService>;
