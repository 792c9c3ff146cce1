import { and, asc, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { delegations } from '../../db/schema/index.js';
import type { Principal, PrincipalLoader } from '../../platform/principal.js';

/**
 * Someone whose workflow rights the caller may use: the caller first, then every person who delegated
 * to them with a delegation active today (dates included). A move done with a delegator's rights
 * records that delegator as `delegatedUser`.
 */
export type Actor = { principal: Principal; onBehalfOfId: number | null };

/** An active delegation applies today, start and end dates included (the database's date). */
export function activeToday() {
  return and(lte(delegations.startDate, sql`CURRENT_DATE`), gte(delegations.endDate, sql`CURRENT_DATE`));
}

/** Who delegated to the caller today (to the person: any of their profiles acts), as `delegate_from_id` rows. */
export function delegatorsSql(principal: Principal): SQL {
  return sql`SELECT DISTINCT ${delegations.delegateFromId} AS delegate_from_id FROM ${delegations}
    WHERE ${and(inArray(delegations.delegateToId, [principal.userId, principal.mainUserId]), activeToday())}`;
}

/** The delegators as actors, in the order given, leaving out the caller and anyone no longer found. */
export async function delegatorsAmong(
  principals: PrincipalLoader,
  principal: Principal,
  delegatorIds: number[],
): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (const delegateFromId of delegatorIds.map(Number)) {
    if (delegateFromId === principal.userId) {
      continue;
    }
    const delegator = await principals.get(delegateFromId);
    if (delegator) {
      actors.push({ principal: delegator, onBehalfOfId: delegator.userId });
    }
  }
  return actors;
}

/** The caller and the people who delegated to them today (to the person: any of their profiles acts). */
export async function actorsOf(db: Database, principals: PrincipalLoader, principal: Principal): Promise<Actor[]> {
  const rows = await db
    .selectDistinct({ delegateFromId: delegations.delegateFromId })
    .from(delegations)
    .where(and(inArray(delegations.delegateToId, [principal.userId, principal.mainUserId]), activeToday()))
    .orderBy(asc(delegations.delegateFromId));
  return [
    { principal, onBehalfOfId: null },
    ...(await delegatorsAmong(
      principals,
      principal,
      rows.map((row) => row.delegateFromId),
    )),
  ];
}
