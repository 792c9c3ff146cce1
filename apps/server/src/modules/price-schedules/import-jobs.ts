import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { fileImportJob } from '../../platform/jobs/import-job.js';
import { jobAuditSchema } from '../../platform/jobs/job-requests.js';
import type { JobKind, RetryPolicy } from '../../platform/jobs/job-types.js';
import type { PrincipalLoader } from '../../platform/principal.js';
import { importBpuPrices } from './bpu-import.js';
import { importTemplatePrestations } from './bpu-template-import.js';

/** The parsed file travels in the job's payload (the request's upload stream ends with the request). */
const parsedCsvSchema = z.object({
  header: z.array(z.string()),
  lines: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
});

const templateImportPayload = z.object({ templateId: z.number().int().positive(), csv: parsedCsvSchema, audit: jobAuditSchema });
const bpuImportPayload = z.object({ bpuId: z.number().int().positive(), csv: parsedCsvSchema, audit: jobAuditSchema });

/** The user waits for an import: quick retries, and a refused file is never retried. */
const IMPORT_RETRY: RetryPolicy = { limit: 2, delaySeconds: 1, backoff: false };

function lineCount({ csv }: { csv: z.infer<typeof parsedCsvSchema> }): string {
  return `${csv.lines.length} ligne(s) à importer`;
}

export function templateImportJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof templateImportPayload>, { created: number; updated: number }> {
  return fileImportJob(principals, {
    name: 'bpu-template-import',
    payload: templateImportPayload,
    retry: IMPORT_RETRY,
    reading: lineCount,
    write: ({ templateId, csv }, audit, progress) => importTemplatePrestations(database, templateId, csv, audit, progress),
    written: (counts) => ['Prestations importées', `${counts.created} créée(s), ${counts.updated} mise(s) à jour`],
  });
}

export function bpuImportJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof bpuImportPayload>, { updated: number }> {
  return fileImportJob(principals, {
    name: 'bpu-price-import',
    payload: bpuImportPayload,
    retry: IMPORT_RETRY,
    reading: lineCount,
    write: ({ bpuId, csv }, audit, progress) => importBpuPrices(database, bpuId, csv, audit, progress),
    written: (result) => ['Prix importés', `${result.updated} prix modifié(s)`],
  });
}
