import {
  ENVELOPE_ALREADY_DECIDED_MESSAGE,
  ENVELOPE_DELETE_NOT_DRAFT_MESSAGE,
  ENVELOPE_DOCUMENTS_DRAFT_MESSAGE,
  ENVELOPE_DRAFT_NODE,
  ENVELOPE_ENTITY,
  ENVELOPE_MIN_VALIDATOR_ROLES,
  ENVELOPE_NO_DOCUMENT_MESSAGE,
  ENVELOPE_NOT_SENDABLE_MESSAGE,
  ENVELOPE_SEND_OPTION_MESSAGE,
  ENVELOPE_SEND_TRANSITIONS,
  ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE,
  ENVELOPE_VALIDATOR_ONLY_MESSAGE,
  ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE,
  type EnvelopeCreateInput,
  type EnvelopeRecord,
  type EnvelopeStatus,
  type EnvelopeSummary,
  type EnvelopeValidator,
  type EnvelopeValidatorRole,
  formatMessage,
  validatorChoiceProblem,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { contracts, documents, envelopes, envelopeValidators, roles, users } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud, type Values } from '../../platform/crud.js';
import { badRequest, businessRefusal, forbidden, notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import { can, hasOption, type Principal } from '../../platform/principal.js';
import type { MoveFacts, WorkflowEngine, WorkflowRegistry } from '../workflow/index.js';
import { removeToken, startToken, tokenOfItem } from '../workflow/index.js';
import { contractList } from './contracts.lists.js';
import { syncEnvelopeDocuments } from './envelope-documents.js';

export const SEND_FOR_SIGNATURE_OPTION = 'envelopes.can_send_for_signature';
/** The transition whose holders are the envelope validators (`GET /role/envelope-validator`). */
const VALIDATION_TRANSITION = 'env_to_validated';
const REFUSAL_TRANSITION = 'env_to_refused';

const selection = {
  id: envelopes.id,
  version: envelopes.version,
  name: envelopes.name,
  contractId: envelopes.contractId,
  createdAt: envelopes.createdAt,
};

async function statusOf(db: Database, id: number): Promise<EnvelopeStatus> {
  const token = await tokenOfItem(db, ENVELOPE_ENTITY, id);
  return token
    ? {
        tokenId: token.id,
        nodeId: token.node.id,
        nodeName: token.node.name,
        nodeCode: token.node.nodeCode,
        updatedAt: token.updatedAt,
      }
    : null;
}

async function documentCount(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.entity, ENVELOPE_ENTITY), eq(documents.entityId, id)));
  return Number(row?.count ?? 0);
}

/** Whether the envelope is still a draft (its token on env_draft). */
async function isDraft(db: Database, id: number): Promise<boolean> {
  return (await tokenOfItem(db, ENVELOPE_ENTITY, id))?.node.nodeCode === ENVELOPE_DRAFT_NODE;
}

/**
 * Documents of an envelope (spec 2 §4, §6): added and deleted only in draft, with the update right on
 * envelopes (the documents service asks these of the owner).
 */
export async function envelopeDocumentRefusal(db: Database, envelopeId: number, principal: Principal): Promise<string | null> {
  if (!can(principal, 'envelope', 'update')) {
    throw forbidden();
  }
  return (await isDraft(db, envelopeId)) ? null : ENVELOPE_DOCUMENTS_DRAFT_MESSAGE;
}

/** The active profiles whose role may validate envelopes (holds `env_to_validated`). */
async function validatorRoles(db: Database): Promise<EnvelopeValidatorRole[]> {
  const rows = (await db.execute(sql`SELECT r.id AS "roleId", r.name AS "roleName", u.id AS "userId", u.name AS "userName"
    FROM roles r
    JOIN role_workflow_transitions rwt ON rwt.role_id = r.id
    JOIN workflow_transitions t ON t.id = rwt.transition_id AND t.code = ${VALIDATION_TRANSITION}
    JOIN workflows w ON w.id = t.workflow_id AND w.object_name = ${ENVELOPE_ENTITY}
    LEFT JOIN users u ON u.role_id = r.id AND u.active
    GROUP BY r.id, r.name, u.id, u.name
    ORDER BY r.name, r.id, u.name, u.id`)) as unknown as {
    rows: { roleId: number; roleName: string; userId: number | null; userName: string | null }[];
  };
  const byRole = new Map<number, EnvelopeValidatorRole>();
  for (const row of rows.rows) {
    const role = byRole.get(row.roleId) ?? { id: row.roleId, name: row.roleName, users: [] };
    byRole.set(row.roleId, role);
    if (row.userId !== null) {
      role.users.push({ id: Number(row.userId), name: row.userName ?? '' });
    }
  }
  return [...byRole.values()];
}

/**
 * Why this user may not validate or refuse the envelope now (null: they may): at least two validators
 * designated, the user one of them, and not decided yet.
 */
async function decisionRefusal(db: Database, envelopeId: number, userId: number): Promise<string | null> {
  const designated = await db
    .select({ userId: envelopeValidators.userId, decision: envelopeValidators.decision })
    .from(envelopeValidators)
    .where(eq(envelopeValidators.envelopeId, envelopeId))
    .orderBy(asc(envelopeValidators.id));
  if (designated.length < ENVELOPE_MIN_VALIDATOR_ROLES) {
    return ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE;
  }
  const mine = designated.find((row) => row.userId === userId);
  if (!mine) {
    return ENVELOPE_VALIDATOR_ONLY_MESSAGE;
  }
  return mine.decision === null ? null : ENVELOPE_ALREADY_DECIDED_MESSAGE;
}

/**
 * The envelope workflow's server rules (spec 2 §4, §5): sending to validation needs the option and a
 * document; only the designated validators decide, each once, and only when at least two were designated
 * (fewer: no current token to act on); the envelope is validated when every validator has validated (the
 * earlier validations are recorded and hold the token), refused by the first refusal.
 */
export function registerEnvelopeWorkflowRules(registry: WorkflowRegistry): void {
  for (const transition of Object.values(ENVELOPE_SEND_TRANSITIONS)) {
    registry.registerGuard({ workflow: 'envelope', transition }, async (facts, db) => {
      if (!hasOption(facts.principal, SEND_FOR_SIGNATURE_OPTION)) {
        return ENVELOPE_SEND_OPTION_MESSAGE;
      }
      return (await documentCount(db, facts.token.entityId)) === 0 ? ENVELOPE_NO_DOCUMENT_MESSAGE : null;
    });
  }
  const decider = (facts: MoveFacts) => facts.onBehalfOfId ?? facts.principal.userId;
  const validatorOnly = (facts: MoveFacts, db: Database) => decisionRefusal(db, facts.token.entityId, decider(facts));
  const recordDecision = async (facts: MoveFacts, db: Database, decision: 'validated' | 'refused') => {
    await db
      .update(envelopeValidators)
      .set({ decision, isValidated: decision === 'validated', validationDate: sql`now()`, comment: facts.comment })
      .where(and(eq(envelopeValidators.envelopeId, facts.token.entityId), eq(envelopeValidators.userId, decider(facts))));
  };
  registry.registerGuard({ workflow: 'envelope', transition: VALIDATION_TRANSITION }, validatorOnly);
  registry.registerGuard({ workflow: 'envelope', transition: REFUSAL_TRANSITION }, validatorOnly);
  // the screens offer Valider / Refuser only to a designated validator who has not decided yet
  for (const transition of [VALIDATION_TRANSITION, REFUSAL_TRANSITION]) {
    registry.registerOffer(
      { entity: ENVELOPE_ENTITY, transition },
      async (item, deciderId, db) => (await decisionRefusal(db, item.entityId, deciderId)) === null,
    );
  }
  // a validation is recorded; the envelope stays pending while another validator has not validated
  registry.registerHold({ workflow: 'envelope', transition: VALIDATION_TRANSITION }, async (facts, db) => {
    await recordDecision(facts, db, 'validated');
    const [pending] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(envelopeValidators)
      .where(and(eq(envelopeValidators.envelopeId, facts.token.entityId), eq(envelopeValidators.isValidated, false)));
    return Number(pending?.count ?? 0) > 0;
  });
  registry.registerPostAction(
    { workflow: 'envelope', transition: REFUSAL_TRANSITION },
    { inTransaction: (facts, db) => recordDecision(facts, db, 'refused') },
  );
  // the envelope's documents stand on its step (a held validation does not move it, nor them)
  registry.registerPostAction(
    { workflow: 'envelope' },
    {
      inTransaction: (facts, db) =>
        syncEnvelopeDocuments(
          db,
          facts.token.entityId,
          { userId: facts.principal.userId, comment: `Enveloppe : ${facts.to.name}` },
          { principal: facts.principal, requestId: `workflow:${facts.transition.code}` },
        ),
    },
  );
  // a revoked or reworked envelope is validated again from scratch
  for (const transition of ['env_revoke_validation', 'env_from_validated_to_draft']) {
    registry.registerPostAction(
      { workflow: 'envelope', transition },
      {
        inTransaction: async (facts, db) => {
          await db
            .update(envelopeValidators)
            .set({ isValidated: false, decision: null, validationDate: null, comment: null })
            .where(eq(envelopeValidators.envelopeId, facts.token.entityId));
        },
      },
    );
  }
}

/**
 * The roles chosen with their user: each chosen role (the users' roles when none is given) takes the one
 * user of that role; a role with no user, or with several, or a user outside the chosen roles, leaves a role
 * without a user of its own.
 */
function validatorChoices(users: number[], roles: number[] | undefined, roleOfUser: Map<number, number>) {
  const chosen = roles ?? [...new Set(users.map((userId) => roleOfUser.get(userId) ?? 0))];
  const choices = chosen.map((roleId) => {
    const of = users.filter((userId) => roleOfUser.get(userId) === roleId);
    return { roleId, userId: of.length === 1 ? (of[0] ?? null) : null };
  });
  const stray = users.some((userId) => !chosen.includes(roleOfUser.get(userId) ?? 0));
  return stray ? [...choices, { roleId: 0, userId: null }] : choices;
}

/** Envelopes of contracts (spec 2 Envelope manager, §3, §4, §7). */
export function createEnvelopeService(database: Database, engine: WorkflowEngine) {
  const crud = createCrud(database, { table: envelopes, entity: ENVELOPE_ENTITY, selection });

  async function validatorsOf(id: number): Promise<EnvelopeValidator[]> {
    const rows = await database
      .select({
        id: envelopeValidators.id,
        userId: users.id,
        userName: users.name,
        roleName: roles.name,
        isValidated: envelopeValidators.isValidated,
        decision: envelopeValidators.decision,
        validationDate: envelopeValidators.validationDate,
        comment: envelopeValidators.comment,
      })
      .from(envelopeValidators)
      .innerJoin(users, eq(users.id, envelopeValidators.userId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(eq(envelopeValidators.envelopeId, id))
      .orderBy(asc(envelopeValidators.id));
    return rows.map((row) => ({
      id: row.id,
      user: { id: row.userId, name: row.userName, roleName: row.roleName },
      isValidated: row.isValidated,
      decision: row.decision === 'validated' || row.decision === 'refused' ? row.decision : null,
      validationDate: row.validationDate,
      comment: row.comment,
    }));
  }

  async function get(id: number): Promise<EnvelopeRecord> {
    const [row] = await database
      .select({ ...selection, contractNumber: contracts.contractNumber })
      .from(envelopes)
      .innerJoin(contracts, eq(contracts.id, envelopes.contractId))
      .where(eq(envelopes.id, id))
      .limit(1);
    if (!row) {
      throw notFound();
    }
    return { ...row, statusWF: await statusOf(database, id), validators: await validatorsOf(id) };
  }

  return {
    get,
    validators: validatorsOf,
    validatorRoles: () => validatorRoles(database),

    async create(input: EnvelopeCreateInput, principal: Principal, context: AuditContext): Promise<number> {
      if (!(await isInScope(database, contractList, principal, input.contractId))) {
        throw badRequest('Élément sélectionné inconnu.', { contractId: formatMessage('validation.selectItem') });
      }
      return database.transaction(async (transaction) => {
        const id = await crud.create(
          { name: input.name, contractId: input.contractId, createdBy: principal.userId },
          context,
          transaction,
        );
        await startToken(transaction, { entity: ENVELOPE_ENTITY }, id, principal.userId);
        return id;
      });
    },

    async rename(id: number, input: { name: string; version: number }, context: AuditContext) {
      await crud.update(id, { name: input.name, version: input.version }, context);
      return get(id);
    },

    /** Only a draft envelope without documents may be deleted, with its token and validators. */
    async remove(id: number, context: AuditContext) {
      await crud.remove(id, context, {
        check: async (_before: Values, transaction: Database) => {
          if (!(await isDraft(transaction, id))) {
            throw businessRefusal(ENVELOPE_DELETE_NOT_DRAFT_MESSAGE);
          }
          if ((await documentCount(transaction, id)) > 0) {
            throw businessRefusal(formatMessage('error.inUse'));
          }
          await removeToken(transaction, ENVELOPE_ENTITY, id);
        },
      });
    },

    /** The envelopes of a contract, oldest first (the manager selects the first). */
    async ofContract(contractId: number): Promise<EnvelopeSummary[]> {
      const rows = await database
        .select({ id: envelopes.id, name: envelopes.name, createdAt: envelopes.createdAt })
        .from(envelopes)
        .where(eq(envelopes.contractId, contractId))
        .orderBy(asc(envelopes.id));
      return Promise.all(rows.map(async (row) => ({ ...row, statusWF: await statusOf(database, row.id) })));
    },

    /**
     * `POST /envelope/validation/`: from draft or refused, the envelope goes to validation along its hidden
     * transition (the workflow's rights and guards apply: option, a document), then the chosen validators
     * (active profiles of an envelope validator role) replace the previous ones.
     */
    async sendToValidation(
      input: { envId: number; users: number[]; roles?: number[] | undefined; comment: string | null },
      principal: Principal,
      context: AuditContext,
    ): Promise<EnvelopeRecord> {
      const status = await statusOf(database, input.envId);
      const code = status ? ENVELOPE_SEND_TRANSITIONS[status.nodeCode] : undefined;
      if (!status || !code) {
        throw businessRefusal(ENVELOPE_NOT_SENDABLE_MESSAGE);
      }
      const roleOfUser = new Map(
        (await validatorRoles(database)).flatMap((role) => role.users.map((user) => [user.id, role.id] as const)),
      );
      if (input.users.some((userId) => !roleOfUser.has(userId))) {
        throw badRequest(ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE, { users: ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE });
      }
      const problem = validatorChoiceProblem(validatorChoices(input.users, input.roles, roleOfUser));
      if (problem) {
        throw badRequest(problem, { users: problem });
      }
      const transitions = await engine.availableTransitions(principal, {
        nodeId: status.nodeId,
        entity: ENVELOPE_ENTITY,
        entityId: input.envId,
      });
      const transition = transitions.find((candidate) => candidate.transitionCode === code);
      if (!transition) {
        throw forbidden();
      }
      await engine.move(principal, { tokenId: status.tokenId, transitionId: transition.id, comment: input.comment }, context);
      await database.transaction(async (transaction) => {
        await transaction.delete(envelopeValidators).where(eq(envelopeValidators.envelopeId, input.envId));
        await transaction.insert(envelopeValidators).values(input.users.map((userId) => ({ envelopeId: input.envId, userId })));
      });
      return get(input.envId);
    },
  };
}

export type EnvelopeService = ReturnType<typeof createEnvelopeService>;
