import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ListColumn } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';

/** A column of the work item's own table (`id` its key) where the engine keeps the item's current node. */
export type NodeColumn = { table: string; column: string };

/** What the token functions need of a kind: its entity and, when it stores it, where its current node goes. */
export type WorkItemRef = { entity: string; nodeColumn?: NodeColumn };

/**
 * A kind of work item (orders, attachments, documents, ...) as its business module registers it: which
 * items a profile sees, and optionally which are assigned to it and how to label them.
 */
export type WorkItemKind = {
  /** The object name of its workflow (`workflows.object_name`) and of its tokens (`entity_name`). */
  entity: string;
  /**
   * A condition on the SQL expression `entityId` that keeps the items in the profile's visibility scope,
   * read right included; undefined means every item.
   */
  scope(principal: Principal, entityId: SQL): SQL | undefined;
  /** Narrows "My tasks" to the items assigned to the profile (e.g. the order's project manager). */
  assignee?(principal: Principal, entityId: SQL): SQL | undefined;
  /** A short text naming the item in token tables. */
  label?(entityId: SQL): SQL;
  /** The item's own columns in the node screen's token table (e.g. a document's file name, type and owner). */
  columns?(entityId: SQL): Record<string, ListColumn>;
  /** The item's amount, a numeric expression (the home dashboard's running orders total). */
  amount?(entityId: SQL): SQL;
  /**
   * Where the item's row keeps its current node (kinds with big lists: orders, attachments): set by the
   * engine in the transaction that starts or moves the token, so the lists filter on the item's own
   * indexed row instead of joining the tokens (docs/decisions.md, "Work items: the stored current node").
   */
  nodeColumn?: NodeColumn;
  /**
   * With `nodeColumn`: the item's row as its lists read it (`from` names the item's table `alias`, and the
   * tables its scope reads) and a profile's visibility on it, read right included: My tasks then reads the
   * row itself (GET /wftoken/my-actions).
   */
  row?: {
    from: SQL;
    alias: string;
    scope(principal: Principal): SQL | undefined;
    /** `amount` read on the row itself (a column, not a subquery): the dashboard's sum over many rows. */
    amount?: SQL;
    /**
     * The rows summed ahead per current node and scope key, in a table the writes keep (`order_node_summaries`):
     * the dashboard's running count and amount read a few rows per node instead of every row on it. Must give
     * the same figures as the rows (tests compare them).
     */
    summary?: NodeSummary;
  };
};

/**
 * A kind's row as its lists read it (`row.alias`), for a kind that stores its current node there
 * (`nodeColumn`): the tables it is read from, the item's id, its stored node and the visibility on the row;
 * undefined otherwise, or when the list names the row otherwise than the kind (`alias` given and different).
 */
export function storedNodeRow(
  kind: WorkItemKind | undefined,
  alias?: string,
): { from: SQL; entityId: SQL; nodeId: SQL; scope: (principal: Principal) => SQL | undefined } | undefined {
  if (!kind?.nodeColumn || !kind.row || (alias !== undefined && kind.row.alias !== alias)) {
    return undefined;
  }
  const table = sql.identifier(kind.row.alias);
  return {
    from: kind.row.from,
    entityId: sql`${table}.id`,
    nodeId: sql`${table}.${sql.identifier(kind.nodeColumn.column)}`,
    scope: kind.row.scope,
  };
}

/** Rows summed ahead per node (see `WorkItemKind.row.summary`). */
export type NodeSummary = {
  /** The summary table, with its alias. */
  from: SQL;
  /** Its node column (`0` stands for the rows without a node). */
  node: SQL;
  /** A profile's visibility on a summary row (its scope key columns), read right included; undefined: all. */
  scope(principal: Principal): SQL | undefined;
  /** The number of rows a summary row stands for. */
  count: SQL;
  /** The sum of their `amount`. */
  amount: SQL;
  /**
   * The summary rolled up over its scope keys (per node and stripe of projects), with the alias and columns of
   * `from` but the scope's: read for profiles whose scope narrows nothing (`summaryFrom`).
   */
  rollUp?: SQL;
  /**
   * The summary summed per user and node over each user's projects (`user` its user column; the alias and
   * columns of `from` but the scope's), and the user whose projects alone make up a profile's scope on the
   * summary (read right included; undefined when no one user's projects do): read for profiles that all have
   * that same user (`summaryRows`).
   */
  userRollUp?: { from: SQL; user: SQL; scopeUser(principal: Principal): number | undefined };
};

/** Whether none of these profiles' scopes narrows the summary's rows (their conditions read only its node). */
export function unscopedOn(summary: NodeSummary, actors: readonly { principal: Principal }[]): boolean {
  return actors.every((actor) => summary.scope(actor.principal) === undefined);
}

/** The summary's rows these profiles read: its roll-up when none of their scopes narrows it, else the summary. */
export function summaryFrom(summary: NodeSummary, actors: readonly { principal: Principal }[]): SQL {
  return summary.rollUp && unscopedOn(summary, actors) ? summary.rollUp : summary.from;
}

/**
 * The summary's rows these profiles read and each one's scope on them (`summaryFrom`, and the summary's own
 * scope), or, when every profile's scope is one same user's projects, that user's roll-up (`userRollUp`: a row
 * per node, the user's projects not read) and the user as the scope.
 */
export function summaryRows(
  summary: NodeSummary,
  actors: readonly { principal: Principal }[],
): { from: SQL; scope(principal: Principal): SQL | undefined } {
  const byUser = summary.userRollUp;
  if (byUser && !unscopedOn(summary, actors)) {
    const users = new Set(actors.map((actor) => byUser.scopeUser(actor.principal)));
    const [user] = users;
    if (users.size === 1 && user !== undefined) {
      return { from: byUser.from, scope: () => sql`${byUser.user} = ${user}` };
    }
  }
  return { from: summaryFrom(summary, actors), scope: (principal) => summary.scope(principal) };
}

/** Which moves a guard or post-action concerns: every given field must match (none: every move). */
export type MoveSelector = { workflow?: string; transition?: string; toNode?: string };

export type MoveFacts = {
  token: { id: number; entityName: string; entityId: number; version: number; creatorId: number | null };
  workflow: { id: number; code: string; name: string };
  transition: { id: number; code: string; name: string; type: number };
  from: { id: number; code: string; name: string; type: number };
  to: { id: number; code: string; name: string; type: number };
  principal: Principal;
  /** The delegator on whose behalf the move is done, if any. */
  onBehalfOfId: number | null;
  comment: string | null;
};

/** A server rule on a move: returns the French refusal text (answered as 422), or nothing to allow it. */
export type MoveGuard = (facts: MoveFacts, db: Database) => Promise<string | null | undefined> | string | null | undefined;

/**
 * What follows a move. `inTransaction` runs in the move's transaction (its failure cancels the move):
 * for writes that must happen with it. `afterCommit` runs once the move is committed, on the database
 * outside any transaction, after the move has answered (its failure is logged and never undoes the move):
 * for waking jobs and for notifications.
 */
export type PostAction = {
  inTransaction?: (facts: MoveFacts, db: Database) => Promise<void>;
  afterCommit?: (facts: MoveFacts, db: Database) => Promise<void>;
};

/**
 * A rule that may keep the token on its node while recording the move as one decision among several
 * (an envelope waits for every validator): it runs after the guards, in the move's transaction, and
 * answers true to hold the token. A held move writes its history row (from = to = the node), not the
 * post-actions.
 */
export type MoveHold = (facts: MoveFacts, db: Database) => Promise<boolean>;

/**
 * Whether a transition the caller's role holds is offered to them on this item now (an envelope's
 * validator who has decided is no longer offered Valider / Refuser). It only trims what the screens
 * show: the move itself still runs its guards, which say why it is refused.
 */
export type MoveOffer = (
  item: { entity: string; entityId: number; transitionCode: string },
  deciderId: number,
  db: Database,
) => Promise<boolean>;

function matches(selector: MoveSelector, facts: MoveFacts): boolean {
  return (
    (selector.workflow === undefined || selector.workflow === facts.workflow.code) &&
    (selector.transition === undefined || selector.transition === facts.transition.code) &&
    (selector.toNode === undefined || selector.toNode === facts.to.code)
  );
}

/** The registries business modules fill while they register: work item kinds, guards, post-actions. */
export function createWorkflowRegistry() {
  const kinds = new Map<string, WorkItemKind>();
  const guards: { selector: MoveSelector; guard: MoveGuard }[] = [];
  const postActions: { selector: MoveSelector; action: PostAction }[] = [];
  const holds: { selector: MoveSelector; hold: MoveHold }[] = [];
  const offers: { selector: { entity: string; transition: string }; offer: MoveOffer }[] = [];
  return {
    registerKind(kind: WorkItemKind): void {
      kinds.set(kind.entity, kind);
    },
    kind(entity: string): WorkItemKind | undefined {
      return kinds.get(entity);
    },
    kinds(): WorkItemKind[] {
      return [...kinds.values()];
    },
    registerGuard(selector: MoveSelector, guard: MoveGuard): void {
      guards.push({ selector, guard });
    },
    guardsFor(facts: MoveFacts): MoveGuard[] {
      return guards.filter((entry) => matches(entry.selector, facts)).map((entry) => entry.guard);
    },
    registerHold(selector: MoveSelector, hold: MoveHold): void {
      holds.push({ selector, hold });
    },
    holdsFor(facts: MoveFacts): MoveHold[] {
      return holds.filter((entry) => matches(entry.selector, facts)).map((entry) => entry.hold);
    },
    /** An offer rule on one transition of a work item kind's workflow (its entity), or on all of them. */
    registerOffer(selector: { entity: string; transition?: string }, offer: MoveOffer): void {
      offers.push({ selector: { entity: selector.entity, transition: selector.transition ?? '' }, offer });
    },
    offersFor(entity: string, transitionCode: string): MoveOffer[] {
      return offers
        .filter(
          (entry) =>
            entry.selector.entity === entity &&
            (entry.selector.transition === '' || entry.selector.transition === transitionCode),
        )
        .map((entry) => entry.offer);
    },
    registerPostAction(selector: MoveSelector, action: PostAction): void {
      postActions.push({ selector, action });
    },
    postActionsFor(facts: MoveFacts): PostAction[] {
      return postActions.filter((entry) => matches(entry.selector, facts)).map((entry) => entry.action);
    },
  };
}

export type WorkflowRegistry = ReturnType<typeof createWorkflowRegistry>;

/**
 * An entity's work item kind when it keeps its items' current node on their rows (orders, attachments),
 * with that row, its node column and the stored node read off it (`storedNodeRow`); undefined otherwise.
 */
export function storedKind(registry: WorkflowRegistry, entity: string | undefined) {
  const kind = entity === undefined ? undefined : registry.kind(entity);
  const node = storedNodeRow(kind);
  return kind?.nodeColumn && kind.row && node ? { kind, nodeColumn: kind.nodeColumn, row: kind.row, node } : undefined;
}

export type StoredKind = NonNullable<ReturnType<typeof storedKind>>;
