import type { StatementGenerationResult } from '@isf/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { forbidden } from '../../platform/errors.js';
import { jobAuditContext, jobAuditSchema } from '../../platform/jobs/job-requests.js';
import type { JobKind } from '../../platform/jobs/job-types.js';
import { todayInParis } from '../../platform/pdf-document.js';
import type { PrincipalLoader } from '../../platform/principal.js';
import { notify } from '../notifications/index.js';
import { generateStatements } from './statement-generation.js';

const generationPayload = z.object({
  projectIds: z.array(z.number().int().positive()),
  audit: jobAuditSchema,
  /**
   * Set by the schedule (statement-schedule.ts): the day it runs for. The run is the system's: the whole
   * projects, whatever the scope of the task's creator (the project's manager, who is told of the result).
   */
  scheduledFor: z.iso.date().optional(),
});

/** At most one progress event of a generation task in this many milliseconds, plus the last market's. */
export const GENERATION_PROGRESS_INTERVAL_MS = 500;

type GeneratedStatement = StatementGenerationResult['statements'][number];

/** The description of a progress event covering the markets `from` to `to` (1-based) and what they created. */
function progressDescription(from: number, to: number, created: GeneratedStatement[]): string {
  const [only] = created;
  if (from === to) {
    return only
      ? `${only.edifice} : situation n° ${only.id} (${only.attachementCount} attachement(s), ${only.rgReleaseCount} RG libérée(s))`
      : 'rien à facturer ce mois-ci';
  }
  const numbers = created.length > 0 && created.length <= 10 ? ` (n° ${created.map((row) => row.id).join(', ')})` : '';
  return `Marchés ${from} à ${to} : ${created.length} situation(s) créée(s)${numbers}`;
}

/**
 * The monthly statement generation as a job (a task in /tasks): progress events with how far it is (at most
 * one every GENERATION_PROGRESS_INTERVAL_MS, plus the last market's: 1,000 markets do not write 1,000 events
 * into the task's row), the result as the task's, and a notification to the requester at the end. Never retried: a market done stays
 * done, and a second run in the month creates nothing more anyway.
 */
export function statementGenerationJob(
  database: Database,
  principals: PrincipalLoader,
): JobKind<z.infer<typeof generationPayload>, StatementGenerationResult> {
  return {
    name: 'monthly-statement-generation',
    payload: generationPayload,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    async handler({ projectIds, audit, scheduledFor }, context) {
      const auditContext = scheduledFor
        ? { principal: null, requestId: audit.requestId }
        : await jobAuditContext(principals, context, audit);
      const principal = auditContext.principal;
      if (!principal && !scheduledFor) {
        throw forbidden();
      }
      await context.log(
        scheduledFor ? `Génération planifiée des situations du ${scheduledFor}` : 'Génération des situations',
        `${projectIds.length} projet(s)`,
      );
      // the markets done since the last progress event, and what they created
      let loggedAt = Date.now();
      let from = 1;
      let created: GeneratedStatement[] = [];
      const result = await generateStatements(
        database,
        { projectIds, today: scheduledFor ?? todayInParis(), principal, context: auditContext },
        async (done, total, statement) => {
          if (statement) {
            created.push(statement);
          }
          if (done < total && Date.now() - loggedAt < GENERATION_PROGRESS_INTERVAL_MS) {
            return;
          }
          await context.log(`Marché ${done} / ${total}`, progressDescription(from, done, created));
          loggedAt = Date.now();
          from = done + 1;
          created = [];
        },
      );
      await context.log('Situations créées', String(result.created));
      if (context.creatorId !== null) {
        await notify(database, {
          recipients: [context.creatorId],
          template: 'MONTHLY_STATEMENTS_GENERATED',
          context: { taskId: context.taskId, created: result.created },
          creatorId: null,
        });
      }
      return result;
    },
  };
}
