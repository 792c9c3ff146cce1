import { BPU_TEMPLATE_CSV_HEADERS } from '@isf/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bpuTemplates, categories, prestationReferences, prestations, prestationTypes, units } from '../../db/schema/index.js';
import { ANALYZE_AFTER_ROWS, analyze } from '../../db/statistics.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { ImportProgress } from '../../platform/jobs/import-job.js';
import { normalizeName } from './category-merge.js';
import { assertHeader, importRefused, type ParsedCsv } from './csv-import.js';

type NamedRow = { id: number; name: string };
type PrestationValues = {
  referenceId: number;
  categoryId: number;
  unitId: number;
  typeId: number;
  code: string;
  description: string;
};

/** Name → id, case, accents and spaces aside; among duplicates the lowest id wins. */
function byName(rows: NamedRow[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of [...rows].sort((left, right) => right.id - left.id)) {
    map.set(normalizeName(row.name), row.id);
  }
  return map;
}

async function lookups(db: Database) {
  const allCategories = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const tops = byName(allCategories.filter((category) => category.parentId === null));
  const children = new Map<number, NamedRow[]>();
  for (const category of allCategories) {
    if (category.parentId !== null) {
      children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
    }
  }
  const childrenByName = new Map([...children].map(([parentId, rows]) => [parentId, byName(rows)]));
  return {
    references: byName(
      await db.select({ id: prestationReferences.id, name: prestationReferences.name }).from(prestationReferences),
    ),
    units: byName(await db.select({ id: units.id, name: units.name }).from(units)),
    types: byName(await db.select({ id: prestationTypes.id, name: prestationTypes.name }).from(prestationTypes)),
    tops,
    childOf: (parentId: number, name: string) => childrenByName.get(parentId)?.get(normalizeName(name)),
  };
}

/**
 * Reads every line of a template CSV into prestation values, or refuses the whole file with the list
 * of faulty lines (unknown reference, category, unit or type; missing or repeated code).
 */
function readLines(lines: { line: number; cells: string[] }[], known: Awaited<ReturnType<typeof lookups>>) {
  const errors: string[] = [];
  const values: PrestationValues[] = [];
  const codes = new Map<string, number>();
  for (const { line, cells } of lines) {
    const [reference = '', parentName = '', categoryName = '', code = '', description = '', unit = '', type = ''] = cells;
    const fail = (message: string) => errors.push(`Ligne ${line} : ${message}.`);
    const before = errors.length;
    if (code === '' || code.length > 100) {
      fail(code === '' ? 'le code est obligatoire' : 'le code dépasse 100 caractères');
    } else if (codes.has(code)) {
      fail(`le code « ${code} » figure déjà à la ligne ${codes.get(code)}`);
    } else {
      codes.set(code, line);
    }
    if (description === '' || description.length > 2000) {
      fail(description === '' ? 'la désignation est obligatoire' : 'la désignation dépasse 2000 caractères');
    }
    const referenceId = known.references.get(normalizeName(reference));
    if (referenceId === undefined) {
      fail(`référence « ${reference} » inconnue`);
    }
    const unitId = known.units.get(normalizeName(unit));
    if (unitId === undefined) {
      fail(`unité « ${unit} » inconnue`);
    }
    const typeId = known.types.get(normalizeName(type));
    if (typeId === undefined) {
      fail(`type « ${type} » inconnu`);
    }
    const topName = parentName === '' ? categoryName : parentName;
    const topId = known.tops.get(normalizeName(topName));
    let categoryId = topId;
    if (topId === undefined) {
      fail(`catégorie « ${topName} » inconnue`);
    } else if (parentName !== '' && categoryName !== '') {
      categoryId = known.childOf(topId, categoryName);
      if (categoryId === undefined) {
        fail(`sous-catégorie « ${categoryName} » inconnue dans la catégorie « ${parentName} »`);
      }
    }
    if (
      errors.length === before &&
      referenceId !== undefined &&
      categoryId !== undefined &&
      unitId !== undefined &&
      typeId !== undefined
    ) {
      values.push({ referenceId, categoryId, unitId, typeId, code, description });
    }
  }
  if (errors.length > 0) {
    throw importRefused(errors);
  }
  return values;
}

function changed(current: PrestationValues, next: PrestationValues): boolean {
  return (Object.keys(next) as (keyof PrestationValues)[]).some((key) => current[key] !== next[key]);
}

/** Lines written per transaction: a 20,000-line file is 20 short transactions, each reported. */
export const IMPORT_BATCH_LINES = 1_000;

/** One import of a template at a time; rows pointing at the template (their key share) do not wait. */
async function lockTemplate(transaction: Database, templateId: number): Promise<void> {
  const [template] = await transaction
    .select({ id: bpuTemplates.id })
    .from(bpuTemplates)
    .where(eq(bpuTemplates.id, templateId))
    .for('no key update');
  if (!template) {
    throw notFound();
  }
}

/** Creates or updates one batch of prestations (matched on their code) inside `transaction`. */
async function writeBatch(transaction: Database, templateId: number, rows: PrestationValues[]) {
  const existing = new Map(
    (
      await transaction
        .select({
          id: prestations.id,
          referenceId: prestations.referenceId,
          categoryId: prestations.categoryId,
          unitId: prestations.unitId,
          typeId: prestations.typeId,
          code: prestations.code,
          description: prestations.description,
        })
        .from(prestations)
        .where(
          and(
            eq(prestations.bpuTemplateId, templateId),
            inArray(
              prestations.code,
              rows.map((row) => row.code),
            ),
          ),
        )
    ).map((row) => [row.code, row]),
  );
  const created = rows.filter((row) => !existing.has(row.code));
  const updated = rows.filter((row) => {
    const current = existing.get(row.code);
    return current !== undefined && changed(current, row);
  });
  if (created.length > 0) {
    await transaction.insert(prestations).values(created.map((row) => ({ ...row, bpuTemplateId: templateId })));
  }
  if (updated.length > 0) {
    const values = sql.join(
      updated.map(
        (row) =>
          sql`(${row.code}::text, ${row.referenceId}::integer, ${row.categoryId}::integer, ${row.unitId}::integer, ${row.typeId}::integer, ${row.description}::text)`,
      ),
      sql`, `,
    );
    await transaction.execute(sql`
      UPDATE prestations AS target SET
        reference_id = source.reference_id, category_id = source.category_id, unit_id = source.unit_id,
        type_id = source.type_id, description = source.description,
        version = target.version + 1, updated_at = now()
      FROM (VALUES ${values}) AS source (code, reference_id, category_id, unit_id, type_id, description)
      WHERE target.bpu_template_id = ${templateId} AND target.code = source.code`);
  }
  return { created: created.map((row) => row.code), updated: updated.map((row) => row.code) };
}

/**
 * Imports a template CSV (the export's columns): each line creates the prestation of its code or
 * updates it. The whole file is checked first and any faulty line refuses it, nothing written; then it
 * is written in batches of IMPORT_BATCH_LINES, each its own transaction with its audit row. A batch cut
 * short (a worker killed) leaves the batches before it; running the import again completes it, since a
 * line already written is matched on its code and left as is (docs/decisions.md, Imports in batches).
 */
export async function importTemplatePrestations(
  database: Database,
  templateId: number,
  csv: ParsedCsv,
  context: AuditContext,
  progress: ImportProgress = async () => undefined,
): Promise<{ created: number; updated: number }> {
  const { header, lines } = csv;
  assertHeader(header, BPU_TEMPLATE_CSV_HEADERS);
  const rows = await database.transaction(async (transaction) => {
    await lockTemplate(transaction, templateId);
    return readLines(lines, await lookups(transaction));
  });
  const counts = { created: 0, updated: 0 };
  for (let start = 0; start < rows.length || start === 0; start += IMPORT_BATCH_LINES) {
    const batch = rows.slice(start, start + IMPORT_BATCH_LINES);
    const written = await database.transaction(async (transaction) => {
      await lockTemplate(transaction, templateId);
      const result = await writeBatch(transaction, templateId, batch);
      await recordAudit(transaction, context, {
        entity: 'bpu_template',
        entityId: templateId,
        action: 'import',
        after: result,
      });
      return result;
    });
    counts.created += written.created.length;
    counts.updated += written.updated.length;
    await progress(Math.min(start + batch.length, rows.length), rows.length);
  }
  if (counts.created + counts.updated >= ANALYZE_AFTER_ROWS) {
    await analyze(database, [prestations]);
  }
  return counts;
}
