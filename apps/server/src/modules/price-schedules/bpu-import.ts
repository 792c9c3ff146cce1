import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bpus, prestationPrices, prestations } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
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

/**
 * Imports the prices of a BPU from a CSV with a Code and a Prix column (the BPU export fits): it only
 * updates prices of the template's prestations; an empty price is left as it is. All or nothing, and
 * the BPU's version moves so an editor holding the old prices cannot overwrite them.
 */
export async function importBpuPrices(
  database: Database,
  bpuId: number,
  csv: ParsedCsv,
  context: AuditContext,
): Promise<{ updated: number }> {
  return database.transaction(async (transaction) => {
    const [bpu] = await transaction
      .select({ id: bpus.id, locked: bpus.locked, templateId: bpus.bpuTemplateId })
      .from(bpus)
      .where(eq(bpus.id, bpuId))
      .for('update');
    if (!bpu) {
      throw notFound();
    }
    assertUnlocked(bpu);
    const { header, lines } = csv;
    const templatePrestations = await transaction
      .select({ id: prestations.id, code: prestations.code })
      .from(prestations)
      .where(eq(prestations.bpuTemplateId, bpu.templateId));
    const prices = readLines(lines, columnsOf(header), new Map(templatePrestations.map((row) => [row.code, row.id])));
    const saved = new Map(
      (
        await transaction
          .select({ prestationId: prestationPrices.prestationId, cost: prestationPrices.cost })
          .from(prestationPrices)
          .where(eq(prestationPrices.bpuId, bpuId))
      ).map((row) => [row.prestationId, row.cost]),
    );
    const changes = [...prices]
      .filter(([prestationId, { cost }]) => saved.get(prestationId) !== cost && (saved.has(prestationId) || cost !== '0.00'))
      .map(([prestationId, { cost }]) => ({ prestationId, cost, before: saved.get(prestationId) ?? null }));
    for (const change of changes) {
      await transaction
        .insert(prestationPrices)
        .values({ bpuId, prestationId: change.prestationId, cost: change.cost })
        .onConflictDoUpdate({ target: [prestationPrices.bpuId, prestationPrices.prestationId], set: { cost: change.cost } });
    }
    if (changes.length > 0) {
      await transaction
        .update(bpus)
        .set({ version: sql`${bpus.version} + 1`, updatedAt: sql`now()` })
        .where(eq(bpus.id, bpuId));
    }
    await recordAudit(transaction, context, {
      entity: 'bpu_sst',
      entityId: bpuId,
      action: 'import',
      after: {
        priceChanges: changes.map(({ prestationId, before, cost }) => ({ prestation: prestationId, before, after: cost })),
      },
    });
    return { updated: changes.length };
  });
}
