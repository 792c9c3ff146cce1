import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowTokenHistory, workflowTokens } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import type { BackgroundWork } from '../../platform/background.js';
import { businessRefusal, forbidden, HttpError, notFound } from '../../platform/errors.js';
import type { Actor } from './workflow-actors.js';
import { DEFINITIONS_STAMP_SQL, type DefinitionsCache, type WorkflowDefinitions } from './workflow-definitions.js';
import { availableTransitions } from './workflow-permissions.js';
import type { MoveFacts, PostAction, WorkflowRegistry } from './workflow-registry.js';
import { storeItemNode } from './workflow-tokens.js';

export const MOVED_MEANWHILE_MESSAGE =
  "Cet élément a déjà changé d'étape (quelqu'un d'autre l'a peut-être déplacé entre-temps) : rechargez-le avant d'agir.";
export const DISABLED_TRANSITION_MESSAGE = 'Cette transition est désactivée.';

function movedMeanwhile(currentVersion: number): HttpError {
  return new HttpError(409, { error: MOVED_MEANWHILE_MESSAGE, detail: MOVED_MEANWHILE_MESSAGE, currentVersion });
}

export type MoveInput = { tokenId: number; transitionId: number; comment: string | null; version?: number };
export type MoveResult = { tokenId: number; version: number; nodeId: number; historyId: number; onBehalfOfId: number | null };

/** The token's row, locked, and the stamp of the workflow definitions read by the same statement. */
async function lockToken(db: Database, tokenId: number) {
  const [token] = await db
    .select({ ...getTableColumns(workflowTokens), definitionsStamp: sql<string>`${DEFINITIONS_STAMP_SQL}` })
    .from(workflowTokens)
    .where(eq(workflowTokens.id, tokenId))
    .for('update')
    .limit(1);
  return token;
}

function nodeFacts(definitions: WorkflowDefinitions, nodeId: number) {
  const node = definitions.node(nodeId);
  if (!node) {
    throw notFound();
  }
  return { id: node.id, code: node.code, name: node.name, type: node.type };
}

/**
 * Moves a token along a transition (DESIGN §5), in one transaction: the token row is locked, the
 * transition must leave its node, the caller (or a delegator) must be allowed, the guards run, then
 * the token moves, the history and the audit are written and the in-transaction post-actions run.
 * Once committed, the move answers; its afterCommit post-actions (the notifications among them) run after
 * it, in the background (`background`: the app's close waits for them). A concurrent
 * second move finds the token moved: 409. The workflow definitions come from memory, checked against
 * the stamp the lock statement reads (docs/performance.md "Workflow move (issue 14)").
 */
export async function moveToken(
  dependencies: { db: Database; registry: WorkflowRegistry; definitions: DefinitionsCache; background: BackgroundWork },
  actors: Actor[],
  input: MoveInput,
  audit: AuditContext,
): Promise<MoveResult> {
  const { db, registry } = dependencies;
  const principal = actors[0]?.principal;
  if (!principal) {
    throw forbidden();
  }
  let committed: { facts: MoveFacts; actions: PostAction[] } | undefined;
  const result = await db.transaction(async (transaction) => {
    const token = await lockToken(transaction, input.tokenId);
    if (!token) {
      throw notFound();
    }
    const definitions = await dependencies.definitions.at(transaction, token.definitionsStamp);
    const transition = definitions.transition(input.transitionId);
    if (!transition || transition.workflowId !== token.workflowId) {
      throw notFound();
    }
    if ((input.version !== undefined && input.version !== token.version) || transition.fromNodeId !== token.nodeId) {
      throw movedMeanwhile(token.version);
    }
    if (transition.disabled) {
      throw businessRefusal(DISABLED_TRANSITION_MESSAGE);
    }
    const allowed = await availableTransitions(transaction, registry, definitions, actors, {
      nodeId: token.nodeId,
      entity: token.entityName,
      entityId: token.entityId,
    });
    const granted = allowed.find((candidate) => candidate.id === transition.id);
    if (!granted) {
      throw forbidden();
    }
    const workflow = definitions.workflow(token.workflowId);
    const facts: MoveFacts = {
      token: {
        id: token.id,
        entityName: token.entityName,
        entityId: token.entityId,
        version: token.version,
        creatorId: token.creatorId,
      },
      workflow: { id: token.workflowId, code: workflow?.code ?? '', name: workflow?.name ?? '' },
      transition: { id: transition.id, code: transition.code, name: transition.name, type: transition.type },
      from: nodeFacts(definitions, transition.fromNodeId),
      to: nodeFacts(definitions, transition.toNodeId),
      principal,
      onBehalfOfId: granted.onBehalfOf?.id ?? null,
      comment: input.comment,
    };
    for (const guard of registry.guardsFor(facts)) {
      const refusal = await guard(facts, transaction);
      if (refusal) {
        throw businessRefusal(refusal);
      }
    }
    let held = false;
    for (const hold of registry.holdsFor(facts)) {
      held = (await hold(facts, transaction)) || held;
    }
    const toNodeId = held ? token.nodeId : transition.toNodeId;
    const [moved] = await transaction
      .update(workflowTokens)
      .set({ nodeId: toNodeId, version: token.version + 1, ...(held ? {} : { updatedAt: sql`now()` }) })
      .where(and(eq(workflowTokens.id, token.id), eq(workflowTokens.version, token.version)))
      .returning({ version: workflowTokens.version });
    if (!moved) {
      throw movedMeanwhile(token.version);
    }
    await storeItemNode(transaction, registry.kind(token.entityName), token.entityId, toNodeId);
    const [history] = await transaction
      .insert(workflowTokenHistory)
      .values({
        tokenId: token.id,
        fromNodeId: transition.fromNodeId,
        toNodeId,
        transitionId: transition.id,
        userId: principal.userId,
        delegatedUserId: facts.onBehalfOfId,
        comment: input.comment,
      })
      .returning({ id: workflowTokenHistory.id });
    await recordAudit(
      transaction,
      { ...audit, principal: { ...principal, onBehalfOfId: facts.onBehalfOfId } },
      {
        entity: token.entityName,
        entityId: token.entityId,
        action: `workflow:${transition.code}`,
        before: { tokenId: token.id, nodeId: token.nodeId, version: token.version },
        after: { tokenId: token.id, nodeId: toNodeId, version: moved.version, comment: input.comment, held },
      },
    );
    const actions = held ? [] : registry.postActionsFor(facts);
    for (const action of actions) {
      await action.inTransaction?.(facts, transaction);
    }
    committed = { facts, actions };
    return {
      tokenId: token.id,
      version: moved.version,
      nodeId: toNodeId,
      historyId: history?.id ?? 0,
      onBehalfOfId: facts.onBehalfOfId,
    };
  });
  if (committed) {
    const { facts, actions } = committed;
    // each on its own: one failing (logged) leaves the others to run
    for (const action of actions) {
      const after = action.afterCommit;
      if (after) {
        dependencies.background.run(`workflow post-action after the move of token ${facts.token.id}`, () => after(facts, db));
      }
    }
  }
  return result;
}
