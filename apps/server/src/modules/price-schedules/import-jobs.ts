import { formatCount } from '@isf/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { jobAuditContext, jobAuditSchema } from '../../platform/jobs/job-requests.js';
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

function lineCount(csv: z.infer<typeof parsedCsvSchema>): string {
  return `${csv.lines.length} ligne(s) à importer`;
}

/** The task's progress after each batch: "5 000 lignes sur 20 000 enregistrées (25 %)". */
export function progressText(done: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
  return `${formatCount(done)} ligne(s) sur ${formatCount(total)} enregistrée(s) (${percent} %)`;
}

export function templateImportJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof templateImportPayload>, { created: number; updated: number }> {
  return {
    name: 'bpu-template-import',
    payload: templateImportPayload,
    retry: IMPORT_RETRY,
    async handler({ templateId, csv, audit }, context) {
      await context.log('Lecture du fichier', lineCount(csv));
      const counts = await importTemplatePrestations(
        database,
        templateId,
        csv,
        await jobAuditContext(principals, context, audit),
        (done, total) => context.log('Progression', progressText(done, total)),
      );
      await context.log('Prestations importées', `${counts.created} créée(s), ${counts.updated} mise(s) à jour`);
      return counts;
    },
  };
}

export function bpuImportJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof bpuImportPayload>, { updated: number }> {
  return {
    name: 'bpu-price-import',
    payload: bpuImportPayload,
    retry: IMPORT_RETRY,
    async handler({ bpuId, csv, audit }, context) {
      await context.log('Lecture du fichier', lineCount(csv));
      const result = await importBpuPrices(
        database,
        bpuId,
        csv,
        await jobAuditContext(principals, context, audit),
        (done, total) => context.log('Progression', progressText(done, total)),
      );
      await context.log('Prix importés', `${result.updated} prix modifié(s)`);
      return result;
    },
  };
}
