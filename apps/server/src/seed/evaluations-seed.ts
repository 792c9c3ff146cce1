import type { EntityCode } from '@isf/contract';
import { asc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { agencies, evaluationCriteria, evaluations, markets, roles, users } from '../db/schema/index.js';

type Grant = { role: string; create?: EntityCode[]; read: EntityCode[]; delete?: EntityCode[] };

/** Demo rights: the project manager reads every evaluation; the buyer rates procurement and reads the rest. */
const GRANTS: Grant[] = [
  // the project manager rates the subcontractor's work when it sends an attachment to amount validation (spec 1 §4 rule 6)
  {
    role: 'Chef de projet',
    create: ['evaluation_project'],
    read: ['evaluation_safety', 'evaluation_procurement', 'evaluation_project'],
  },
  {
    role: 'Acheteur',
    create: ['evaluation_procurement'],
    read: ['evaluation_safety', 'evaluation_procurement', 'evaluation_project'],
    delete: ['evaluation_procurement'],
  },
];

const append = (column: SQLWrapper, entities: EntityCode[] = []) =>
  entities.reduce((expression, entity) => sql`array_append(${expression}, ${entity}::text)`, sql`${column}`);

/** Base rating of each demo agency (good, average, poor), so the dashboard shows the three colour bands. */
const AGENCY_LEVELS = [4.3, 3.0, 1.6];
const COMMENTS = ['Chantier propre, équipe sérieuse.', 'Délais tenus de justesse.', 'Réserves à lever, relances nécessaires.'];

/** A deterministic star rating around the agency's level. */
function stars(level: number, seed: number): number {
  const offset = ((seed * 7) % 5) - 2;
  return Math.min(5, Math.max(1, Math.round(level + offset * 0.5)));
}

/** When: `index` steps of `months` back from today, at 10:00 UTC. */
function monthsAgo(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months, 15);
  date.setUTCHours(10, 0, 0, 0);
  return date.toISOString();
}

/**
 * Three dozen evaluations over the demo agencies, spread over the last two years: safety every six
 * months (spec 3 §9), procurement twice a year, project evaluations on each agency's market.
 */
export async function seedEvaluations(db: Database): Promise<void> {
  for (const grant of GRANTS) {
    await db
      .update(roles)
      .set({
        createRights: append(roles.createRights, grant.create),
        readRights: append(roles.readRights, grant.read),
        deleteRights: append(roles.deleteRights, grant.delete),
      })
      .where(eq(roles.name, grant.role));
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin'));
  const agencyRows = await db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id));
  const marketRows = await db
    .select({ id: markets.id, agencyId: markets.agencyId, projectId: markets.projectId })
    .from(markets)
    .orderBy(asc(markets.id));
  let seed = 0;
  for (const [agencyIndex, agency] of agencyRows.entries()) {
    const level = AGENCY_LEVELS[agencyIndex % AGENCY_LEVELS.length] ?? 3;
    const market = marketRows.find((row) => row.agencyId === agency.id);
    for (let period = 0; period < 4; period += 1) {
      const comment = COMMENTS[agencyIndex % COMMENTS.length] ?? null;
      const kinds: { type: number; months: number; criteria: string[] }[] = [
        { type: 1, months: period * 6 + 1, criteria: ['safety'] },
        { type: 2, months: period * 6 + 3, criteria: ['rse', 'relational'] },
      ];
      if (market) {
        kinds.push({ type: 3, months: period * 6 + 2, criteria: ['quality', 'reactivity', 'technic'] });
      }
      for (const kind of kinds) {
        const project = kind.type === 3 && market ? { projectId: market.projectId, marketId: market.id } : {};
        const [created] = await db
          .insert(evaluations)
          .values({
            type: kind.type,
            agencyId: agency.id,
            ...project,
            creatorId: admin?.id ?? 1,
            ratedAt: monthsAgo(kind.months),
            comment,
          })
          .returning({ id: evaluations.id });
        await db.insert(evaluationCriteria).values(
          kind.criteria.map((criterion) => {
            seed += 1;
            const value = stars(level, seed);
            return {
              evaluationId: created?.id ?? 0,
              criterion,
              value,
              comment: kind.type === 3 ? (value < 3 ? 'Travail à reprendre.' : 'Conforme.') : null,
            };
          }),
        );
      }
    }
  }
}
