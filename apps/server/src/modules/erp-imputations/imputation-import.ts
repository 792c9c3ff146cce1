import { ORACLE_IMPUTATION_CSV_HEADERS } from '@isf/contract';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { imputations, oracleImputations } from '../../db/schema/index.js';
import { ANALYZE_AFTER_ROWS, analyze } from '../../db/statistics.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import type { ImportProgress } from '../../platform/jobs/import-job.js';
import { assertHeader, IMPORT_BATCH_LINES, importRefused, type ParsedCsv } from '../price-schedules/index.js';

const MAX_LENGTH = 100;

/** One imported line, checked. */
export const importedImputationSchema = z.object({
  line: z.number().int(),
  eotp: z.string().min(1),
  prestationType: z.string().nullable(),
  projectNumber: z.string().min(1),
  organization: z.string().nullable(),
  taskNumber: z.string().min(1),
});
export type ImportedImputation = z.infer<typeof importedImputationSchema>;

const [EOTP, PRESTATION_TYPE, PROJECT_NUMBER, ORGANIZATION, TASK_NUMBER] = ORACLE_IMPUTATION_CSV_HEADERS;

/**
 * The lines of an imputation file (columns ORACLE_IMPUTATION_CSV_HEADERS), every line checked before
 * anything is written: eOTP, project number and task number required, no value longer than 100
 * characters, an eOTP once per file. Any error refuses the whole file with its line numbers.
 */
export function readImputationLines(csv: ParsedCsv): ImportedImputation[] {
  assertHeader(csv.header, ORACLE_IMPUTATION_CSV_HEADERS);
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const rows: ImportedImputation[] = [];
  for (const { line, cells } of csv.lines) {
    const [eotp = '', prestationType = '', projectNumber = '', organization = '', taskNumber = ''] = cells.map((cell) =>
      cell.trim(),
    );
    const missing = [
      [EOTP, eotp],
      [PROJECT_NUMBER, projectNumber],
      [TASK_NUMBER, taskNumber],
    ].filter(([, value]) => value === '');
    const tooLong = [
      [EOTP, eotp],
      [PRESTATION_TYPE, prestationType],
      [PROJECT_NUMBER, projectNumber],
      [ORGANIZATION, organization],
      [TASK_NUMBER, taskNumber],
    ].filter(([, value]) => (value ?? '').length > MAX_LENGTH);
    const key = eotp.toUpperCase();
    if (missing.length > 0) {
      errors.push(`Ligne ${line} : ${missing.map(([name]) => `« ${name} »`).join(', ')} obligatoire(s).`);
    } else if (tooLong.length > 0) {
      errors.push(`Ligne ${line} : « ${tooLong[0]?.[0]} » dépasse ${MAX_LENGTH} caractères.`);
    } else if (seen.has(key)) {
      errors.push(`Ligne ${line} : l'eOTP « ${eotp} » figure déjà à la ligne ${seen.get(key)}.`);
    } else {
      seen.set(key, line);
      rows.push({
        line,
        eotp,
        prestationType: prestationType || null,
        projectNumber,
        organization: organization || null,
        taskNumber,
      });
    }
  }
  if (errors.length > 0) {
    throw importRefused(errors);
  }
  if (rows.length === 0) {
    throw importRefused(['Le fichier ne contient aucune imputation.']);
  }
  return rows;
}

/** Writes one batch keyed by eOTP, with the batch's audit row; returns its counts. */
async function writeBatch(transaction: Database, batch: ImportedImputation[], context: AuditContext) {
  // ISF's imputation of each eOTP (case aside, the lowest id), read once for the batch
  const eotp = sql<string>`upper(${imputations.eotp})`;
  const linked = new Map(
    (
      await transaction
        .selectDistinctOn([eotp], { eotp, id: imputations.id })
        .from(imputations)
        .where(
          inArray(
            eotp,
            batch.map((row) => row.eotp.toUpperCase()),
          ),
        )
        .orderBy(eotp, imputations.id)
    ).map((row) => [row.eotp, row.id]),
  );
  const written = await transaction
    .insert(oracleImputations)
    .values(
      batch.map((row) => ({
        eotp: row.eotp,
        prestationType: row.prestationType,
        projectNumber: row.projectNumber,
        organization: row.organization,
        taskNumber: row.taskNumber,
        imputationId: linked.get(row.eotp.toUpperCase()) ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: oracleImputations.eotp,
      set: {
        prestationType: sql`excluded.prestation_type`,
        organization: sql`excluded.organization`,
        imputationId: sql`excluded.imputation_id`,
        projectNumber: sql`excluded.project_number`,
        taskNumber: sql`excluded.task_number`,
        oracleProjectId: sql`CASE WHEN (oracle_imputations.project_number, oracle_imputations.task_number)
          IS NOT DISTINCT FROM (excluded.project_number, excluded.task_number) THEN oracle_imputations.oracle_project_id END`,
        oracleTaskId: sql`CASE WHEN (oracle_imputations.project_number, oracle_imputations.task_number)
          IS NOT DISTINCT FROM (excluded.project_number, excluded.task_number) THEN oracle_imputations.oracle_task_id END`,
        syncStatus: sql`CASE WHEN (oracle_imputations.project_number, oracle_imputations.task_number)
          IS NOT DISTINCT FROM (excluded.project_number, excluded.task_number) THEN oracle_imputations.sync_status ELSE 'NOT_SYNCED' END`,
        version: sql`oracle_imputations.version + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const created = written.filter((row) => row.inserted).length;
  const updated = written.length - created;
  await recordAudit(transaction, context, {
    entity: 'oracle_imputation',
    entityId: null,
    action: 'import',
    after: { lines: batch.length, created, updated },
  });
  return { created, updated };
}

/**
 * Writes the checked lines keyed by eOTP, in batches of IMPORT_BATCH_LINES, each its own transaction
 * with its audit row and a progress event (docs/decisions.md, Imports in batches): a new eOTP is
 * added, a known one takes the file's values; when its project or task number changes, its ERP
 * project and task are forgotten until the next synchronisation. ISF's imputation of the same eOTP is
 * linked. An attempt cut short leaves its committed batches; running it again ends in the file's state.
 */
export async function saveImportedImputations(
  db: Database,
  rows: ImportedImputation[],
  context: AuditContext,
  progress: ImportProgress = async () => undefined,
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_LINES) {
    const batch = rows.slice(start, start + IMPORT_BATCH_LINES);
    const counts = await db.transaction((transaction) => writeBatch(transaction, batch, context));
    created += counts.created;
    updated += counts.updated;
    await progress(start + batch.length, rows.length);
  }
  if (rows.length >= ANALYZE_AFTER_ROWS) {
    await analyze(db, [oracleImputations]);
  }
  return { created, updated };
}
