import {
  CRITERIA_OF_TYPE,
  EVALUATION_ENTITIES,
  EVALUATION_TYPES,
  PROJECT_EVALUATION_ATTACHMENT_MESSAGE,
  PROJECT_EVALUATION_NO_AGENCY_MESSAGE,
  type ProjectEvaluationDue,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { evaluationCriteria, evaluations } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';

/** The attachment month is counted where the users work (an attachment of the 31st at 23:30 in Paris is of that month). */
const TIME_ZONE = 'Europe/Paris';

export type ProjectRatings = { quality: number; reactivity: number; technic: number; comment: string | null };

type OrderFacts = { agencyId: number | null; projectId: number; marketId: number; toEvaluate: boolean };

/**
 * Project evaluations asked by the attachment workflow (spec 1 §4 rule 6): whether the form is due for an
 * order and attachment month, the evaluation itself (type 3 on the order's agency, project and market),
 * and the skip; both answer the question for the order and month (`project_evaluation_answers`).
 */
export function createProjectEvaluationService(database: Database) {
  async function orderFacts(db: Database, orderId: number): Promise<OrderFacts> {
    const result = (await db.execute(sql`SELECT o.agency_id AS "agencyId", o.project_id AS "projectId",
        o.market_id AS "marketId", m.to_evaluate AS "toEvaluate"
      FROM orders o JOIN markets m ON m.id = o.market_id WHERE o.id = ${orderId}`)) as unknown as { rows: OrderFacts[] };
    const facts = result.rows[0];
    if (!facts) {
      throw notFound();
    }
    return facts;
  }

  /** The first day of the attachment's month (the current month without one); 400 when it is not the order's. */
  async function monthOf(db: Database, orderId: number, attachmentId: number | null): Promise<string> {
    if (attachmentId === null) {
      const result = (await db.execute(
        sql`SELECT date_trunc('month', now() AT TIME ZONE ${TIME_ZONE})::date::text AS month`,
      )) as unknown as { rows: { month: string }[] };
      return result.rows[0]?.month ?? '';
    }
    const result = (await db.execute(sql`SELECT date_trunc('month', created_at AT TIME ZONE ${TIME_ZONE})::date::text AS month
      FROM attachments WHERE id = ${attachmentId} AND order_id = ${orderId}`)) as unknown as { rows: { month: string }[] };
    const month = result.rows[0]?.month;
    if (!month) {
      throw badRequest(PROJECT_EVALUATION_ATTACHMENT_MESSAGE, { attachement: PROJECT_EVALUATION_ATTACHMENT_MESSAGE });
    }
    return month;
  }

  async function answerOf(db: Database, orderId: number, month: string): Promise<ProjectEvaluationDue['answered']> {
    const result = (await db.execute(sql`SELECT outcome FROM project_evaluation_answers
      WHERE order_id = ${orderId} AND month = ${month}::date`)) as unknown as { rows: { outcome: 'evaluated' | 'skipped' }[] };
    return result.rows[0]?.outcome ?? null;
  }

  /** Records the answer of the order and month; an evaluation replaces a skip, a skip never replaces an evaluation. */
  async function answer(
    db: Database,
    target: { orderId: number; month: string; attachmentId: number | null; userId: number },
    evaluationId: number | null,
  ): Promise<void> {
    const outcome = evaluationId === null ? 'skipped' : 'evaluated';
    await db.execute(sql`INSERT INTO project_evaluation_answers (order_id, month, outcome, evaluation_id, attachment_id, user_id)
      VALUES (${target.orderId}, ${target.month}::date, ${outcome}, ${evaluationId}, ${target.attachmentId}, ${target.userId})
      ON CONFLICT (order_id, month) DO ${
        evaluationId === null
          ? sql`NOTHING`
          : sql`UPDATE SET outcome = 'evaluated', evaluation_id = excluded.evaluation_id,
              attachment_id = excluded.attachment_id, user_id = excluded.user_id, created_at = now()`
      }`);
  }

  async function due(orderId: number, attachmentId: number | null): Promise<ProjectEvaluationDue> {
    const facts = await orderFacts(database, orderId);
    const month = await monthOf(database, orderId, attachmentId);
    const answered = await answerOf(database, orderId, month);
    return { toEvaluate: facts.toEvaluate, month: month.slice(0, 7), answered, due: facts.toEvaluate && answered === null };
  }

  return {
    due,

    async evaluate(
      orderId: number,
      input: ProjectRatings & { attachmentId: number | null },
      principal: Principal,
      context: AuditContext,
    ): Promise<number> {
      const facts = await orderFacts(database, orderId);
      if (facts.agencyId === null) {
        throw businessRefusal(PROJECT_EVALUATION_NO_AGENCY_MESSAGE);
      }
      const agencyId = facts.agencyId;
      const month = await monthOf(database, orderId, input.attachmentId);
      const values: Record<string, number> = { quality: input.quality, reactivity: input.reactivity, technic: input.technic };
      const criteria = CRITERIA_OF_TYPE.project.map((criterion) => ({ criterion, value: values[criterion] ?? 0 }));
      return database.transaction(async (tx) => {
        const [created] = await tx
          .insert(evaluations)
          .values({
            type: EVALUATION_TYPES.project,
            agencyId,
            projectId: facts.projectId,
            marketId: facts.marketId,
            orderId,
            creatorId: principal.userId,
            comment: input.comment,
          })
          .returning({ id: evaluations.id });
        const id = created?.id ?? 0;
        await tx.insert(evaluationCriteria).values(criteria.map((criterion) => ({ ...criterion, evaluationId: id })));
        await answer(tx, { orderId, month, attachmentId: input.attachmentId, userId: principal.userId }, id);
        await recordAudit(tx, context, {
          entity: EVALUATION_ENTITIES.project,
          entityId: id,
          action: 'create',
          after: { orderId, agencyId, month, comment: input.comment, criteria },
        });
        return id;
      });
    },

    async skip(
      orderId: number,
      attachmentId: number | null,
      principal: Principal,
      context: AuditContext,
    ): Promise<ProjectEvaluationDue> {
      await orderFacts(database, orderId);
      const month = await monthOf(database, orderId, attachmentId);
      await database.transaction(async (tx) => {
        await answer(tx, { orderId, month, attachmentId, userId: principal.userId }, null);
        await recordAudit(tx, context, {
          entity: EVALUATION_ENTITIES.project,
          entityId: null,
          action: 'skip',
          after: { orderId, month, attachmentId },
        });
      });
      return due(orderId, attachmentId);
    },
  };
}
