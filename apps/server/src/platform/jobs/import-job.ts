import { formatCount } from '@isf/contract';
import type { z } from 'zod';
import type { AuditContext } from '../audit.js';
import type { PrincipalLoader } from '../principal.js';
import { type JobAudit, jobAuditContext } from './job-requests.js';
import type { JobKind, RetryPolicy } from './job-types.js';

/** Told after each batch is committed: lines written so far, and the file's total. */
export type ImportProgress = (done: number, total: number) => Promise<void>;

/** The task's progress after each batch: "5 000 lignes sur 20 000 enregistrées (25 %)". */
export function progressText(done: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
  return `${formatCount(done)} ligne(s) sur ${formatCount(total)} enregistrée(s) (${percent} %)`;
}

/**
 * A job that writes the checked lines of an uploaded file in batches (a template's prestations, a BPU's
 * prices, the ERP imputations) as the user who sent it: its task tells what the file holds, the progress
 * after each batch (`progressText`), then what was written.
 */
export function fileImportJob<Payload extends { audit: JobAudit }, Result>(
  principals: PrincipalLoader,
  kind: {
    name: string;
    payload: z.ZodType<Payload>;
    retry: RetryPolicy;
    /** The first event's description: what the file holds ("120 ligne(s) à importer"). */
    reading: (payload: Payload) => string;
    write: (payload: Payload, audit: AuditContext, progress: ImportProgress) => Promise<Result>;
    /** The last event's name and description, from what was written. */
    written: (result: Result) => [name: string, description: string];
  },
): JobKind<Payload, Result> {
  return {
    name: kind.name,
    payload: kind.payload,
    retry: kind.retry,
    async handler(payload, context) {
      await context.log('Lecture du fichier', kind.reading(payload));
      const result = await kind.write(payload, await jobAuditContext(principals, context, payload.audit), (done, total) =>
        context.log('Progression', progressText(done, total)),
      );
      await context.log(...kind.written(result));
      return result;
    },
  };
}
