import {
  CRITERIA_OF_TYPE,
  EVALUATION_DOCUMENT_OWNER,
  EVALUATION_ENTITIES,
  EVALUATION_TYPES,
  type EvaluationCriterion,
  type EvaluationFilters,
  type EvaluationKind,
  type EvaluationRecord,
  evaluationKindOf,
} from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents, evaluationCriteria, evaluations } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { can, type Principal } from '../../platform/principal.js';
import { removeToken } from '../workflow/index.js';
import { scoredEvaluations } from './evaluations.filters.js';
import { evaluationScope } from './evaluations.scope.js';

export type AgencyRatings = { kind: Exclude<EvaluationKind, 'project'>; ratings: Partial<Record<EvaluationCriterion, number>> };

/** Creating, listing and deleting evaluations; attachments are documents owned by `evaluation`. */
export function createEvaluationService(database: Database, storage: FileStorage) {
  return {
    /** A safety or procurement evaluation of an agency (the route checked the agency's scope and the right). */
    async createForAgency(
      agencyId: number,
      input: AgencyRatings & { comment: string | null },
      principal: Principal,
      context: AuditContext,
    ): Promise<number> {
      const criteria = CRITERIA_OF_TYPE[input.kind].map((criterion) => ({ criterion, value: input.ratings[criterion] ?? 0 }));
      return database.transaction(async (transaction) => {
        const [created] = await transaction
          .insert(evaluations)
          .values({ type: EVALUATION_TYPES[input.kind], agencyId, creatorId: principal.userId, comment: input.comment })
          .returning({ id: evaluations.id });
        const id = created?.id ?? 0;
        await transaction.insert(evaluationCriteria).values(criteria.map((criterion) => ({ ...criterion, evaluationId: id })));
        await recordAudit(transaction, context, {
          entity: EVALUATION_ENTITIES[input.kind],
          entityId: id,
          action: 'create',
          after: { agencyId, comment: input.comment, criteria },
        });
        return id;
      });
    },

    /** The agency's evaluations the caller may read, newest first, with criteria and attachments. */
    async ofAgency(agencyId: number, filters: EvaluationFilters, principal: Principal): Promise<EvaluationRecord[]> {
      const result = (await database.execute(
        sql`SELECT scored.id, scored.type, round(scored.score, 2)::text AS value, scored.comment, scored.rated_at AS "ratedAt",
            u.name AS "creatorName", scored.agency_id AS "agencyId", scored.project_id AS "projectId", p.name AS "projectName",
            scored.market_id AS "marketId", mk.edifice AS "marketName", e2.order_id AS "orderId",
            (SELECT coalesce(json_agg(json_build_object('criterion', ec.criterion, 'value', ec.value, 'comment', ec.comment)
              ORDER BY ec.criterion), '[]') FROM evaluation_criteria ec WHERE ec.evaluation_id = scored.id) AS criteria,
            (SELECT coalesce(json_agg(json_build_object('id', d.id, 'filename', d.filename) ORDER BY d.id), '[]')
              FROM documents d WHERE d.entity = ${EVALUATION_DOCUMENT_OWNER} AND d.entity_id = scored.id) AS documents
          FROM ${scoredEvaluations(principal, filters, sql`e.agency_id = ${agencyId}`)}
          JOIN evaluations e2 ON e2.id = scored.id
          JOIN users u ON u.id = scored.creator_id
          LEFT JOIN projects p ON p.id = scored.project_id
          LEFT JOIN markets mk ON mk.id = scored.market_id
          ORDER BY scored.rated_at DESC, scored.id DESC
          LIMIT 500`,
      )) as unknown as { rows: EvaluationRecord[] };
      return result.rows;
    },

    /** Deletion needs the delete right on the evaluation's own type (spec 3 §6); its attachments go with it. */
    async remove(id: number, principal: Principal, context: AuditContext): Promise<void> {
      const [row] = await database
        .select({ id: evaluations.id, type: evaluations.type, agencyId: evaluations.agencyId, comment: evaluations.comment })
        .from(evaluations)
        .where(and(eq(evaluations.id, id), sql`${evaluationScope(principal, sql`${evaluations}`)}`))
        .limit(1);
      const kind = row ? evaluationKindOf(row.type) : undefined;
      if (!row || !kind) {
        throw notFound();
      }
      if (!can(principal, EVALUATION_ENTITIES[kind], 'delete')) {
        throw forbidden();
      }
      const attachments = await database
        .select({ id: documents.id, storageKey: documents.storageKey })
        .from(documents)
        .where(and(eq(documents.entity, EVALUATION_DOCUMENT_OWNER), eq(documents.entityId, id)));
      await database.transaction(async (transaction) => {
        for (const attachment of attachments) {
          await transaction.delete(documents).where(eq(documents.id, attachment.id));
          await removeToken(transaction, 'document', attachment.id);
        }
        await transaction.delete(evaluations).where(eq(evaluations.id, id));
        await recordAudit(transaction, context, {
          entity: EVALUATION_ENTITIES[kind],
          entityId: id,
          action: 'delete',
          before: { ...row, documents: attachments.map((attachment) => attachment.id) },
        });
      });
      for (const attachment of attachments) {
        await storage.remove(attachment.storageKey);
      }
    },
  };
}
