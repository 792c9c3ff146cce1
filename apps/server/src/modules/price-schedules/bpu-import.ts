import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bpus, prestationPrices, prestations } from '../../db/schema/index.js';
import { ANALYZE_AFTER_ROWS, analyze } from '../../db/statistics.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { ImportProgress } from '../../platform/jobs/import-job.js';
import { IMPORT_BATCH_LINES } from './bpu-template-import.js';
import { assertUnlocked } from './bpus.service.js';
import { normalizeCost } from './costs.js';
import { importRefused, type ParsedCsv } from './csv-import.js';

const CODE_COLUMN = 'code';
const COST_COLUMNS = ['prix', 'prix unitaire', 'cout', 'cost'];

/** Where the code and the price are in the header, or a refusal naming the expected columns. */
function columnsOf(header: string[]): { code: number; cost: number } {
  const code = header.indexOf(CODE_COLUMN);
  const cost = header.findIndex((name) => COST_COLUMNS.includes(name));
  if (code < 0 || cost < 0) {
    throw importRefused(['En-tête de fichier inattendu : le fichier doit avoir une colonne « Code » et une colonne « Prix ».']);
  }
  return { code, cost };
}

/** Each line's prestation and exact cost; any unknown code or invalid price refuses the whole file. */
function readLines(
  lines: { line: number; cells: string[] }[],
  columns: { code: number; cost: number },
  codes: Map<string, number>,
) {
  const errors: string[] = [];
  const prices = new Map<number, { cost: string; line: number }>();
  for (const { line, cells } of lines) {
    const code = cells[columns.code] ?? '';
    const text = cells[columns.cost] ?? '';
    const prestationId = codes.get(code);
    const cost = normalizeCost(text);
    if (prestationId === undefined) {
      errors.push(`Ligne ${line} : code « ${code} » inconnu dans le modèle de ce BPU.`);
    } else if (prices.has(prestationId)) {
      errors.push(`Ligne ${line} : le code « ${code} » figure déjà à la ligne ${prices.get(prestationId)?.line}.`);
    }
    if (text !== '' && cost === null) {
      errors.push(`Ligne ${line} : prix « ${text} » invalide (nombre positif ou nul, deux décimales au plus).`);
    }
    if (prestationId !== undefined && cost !== null && !prices.has(prestationId)) {
      prices.set(prestationId, { cost, line });
    }
  }
  if (errors.length > 0) {
    throw importRefused(errors);
  }
  return prices;
}

type PriceChange = { prestationId: number; cost: string; before: string | null };

async function lockBpu(transaction: Database, bpuId: number) {
  const [bpu] = await transaction
    .select({ id: bpus.id, locked: bpus.locked, templateId: bpus.bpuTemplateId })
    .from(bpus)
    .where(eq(bpus.id, bpuId))
    .for('update');
  if (!bpu) {
    throw notFound();
  }
  assertUnlocked(bpu);
  return bpu;
}

/** Writes one batch of prices and moves the BPU's version, with the batch's audit row. */
async function writeBatch(transaction: Database, bpuId: number, batch: [number, { cost: string }][], context: AuditContext) {
  await lockBpu(transaction, bpuId);
  const saved = new Map(
    (
      await transaction
        .select({ prestationId: prestationPrices.prestationId, cost: prestationPrices.cost })
        .from(prestationPrices)
        .where(
          and(
            eq(prestationPrices.bpuId, bpuId),
            inArray(
              prestationPrices.prestationId,
              batch.map(([prestationId]) => prestationId),
            ),
          ),
        )
    ).map((row) => [row.prestationId, row.cost]),
  );
  const changes: PriceChange[] = batch
    .filter(([prestationId, { cost }]) => saved.get(prestationId) !== cost && (saved.has(prestationId) || cost !== '0.00'))
    .map(([prestationId, { cost }]) => ({ prestationId, cost, before: saved.get(prestationId) ?? null }));
  if (changes.length === 0) {
    return 0;
  }
  await transaction
    .insert(prestationPrices)
    .values(changes.map((change) => ({ bpuId, prestationId: change.prestationId, cost: change.cost })))
    .onConflictDoUpdate({
      target: [prestationPrices.bpuId, prestationPrices.prestationId],
      set: { cost: sql`excluded.cost` },
    });
  await transaction
    .update(bpus)
    .set({ version: sql`${bpus.version} + 1`, updatedAt: sql`now()` })
    .where(eq(bpus.id, bpuId));
  await recordAudit(transaction, context, {
    entity: 'bpu_sst',
    entityId: bpuId,
    action: 'import',
    after: {
      priceChanges: changes.map(({ prestationId, before, cost }) => ({ prestation: prestationId, before, after: cost })),
    },
  });
  return changes.length;
}

/**
 * Imports the prices of a BPU from a CSV with a Code and a Prix column (the BPU export fits): it only
 * updates prices of the template's prestations; an empty price is left as it is. The whole file is
 * checked first (any faulty line refuses it, nothing written), then written in batches, each a
 * transaction that moves the BPU's version so an editor holding the old prices cannot overwrite them.
 * Running it again after a batch was cut short completes it (a price already written is no change).
 */
export async function importBpuPrices(
  database: Database,
  bpuId: number,
  csv: ParsedCsv,
  context: AuditContext,
  progress: ImportProgress = async () => undefined,
): Promise<{ updated: number }> {
  const prices = await database.transaction(async (transaction) => {
    const bpu = await lockBpu(transaction, bpuId);
    const templatePrestations = await transaction
      .select({ id: prestations.id, code: prestations.code })
      .from(prestations)
      .where(eq(prestations.bpuTemplateId, bpu.templateId));
    return readLines(csv.lines, columnsOf(csv.header), new Map(templatePrestations.map((row) => [row.code, row.id])));
  });
  const entries = [...prices];
  let updated = 0;
  for (let start = 0; start < entries.length; start += IMPORT_BATCH_LINES) {
    const batch = entries.slice(start, start + IMPORT_BATCH_LINES);
    updated += await database.transaction((transaction) => writeBatch(transaction, bpuId, batch, context));
    await progress(start + batch.length, entries.length);
  }
  if (updated >= ANALYZE_AFTER_ROWS) {
    await analyze(database, [prestationPrices]);
  }
  return { updated };
}
