/**
 * Generated users (`bench.user.000001` …): French names, mails, a role, a manager among the generated
 * project managers, an authorization amount, a service; 5 % inactive, 10 % secondary profiles of an
 * earlier generated user. No password: nobody logs in with them. Resumes where an interrupted run stopped.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import { rows } from './sql-rows.js';
import { FIRST_NAMES, LAST_NAMES, pick, textArray } from './vocabulary.js';

const CHUNK_ROWS = 50_000;
const SERVICES = ['Déploiement', 'Achats', 'Travaux', 'Comptabilité', 'Exploitation', 'Ingénierie', 'Contrôle de gestion'];
const QUALITIES = ['Chef de projet', 'Acheteur', 'Conducteur de travaux', 'Comptable', 'Chargé d’affaires', 'Technicien'];

export type GeneratedCount = { total: number; generatedNow: number; seconds: number };

export async function ensureUsers(handle: DatabaseHandle, target: number): Promise<GeneratedCount> {
  const started = performance.now();
  const [existing] = await rows(handle, sql`SELECT count(*)::int AS total FROM users WHERE uid LIKE 'bench.user.%'`);
  let done = Number(existing?.total ?? 0);
  const initiallyDone = done;
  if (done >= target) {
    return { total: done, generatedNow: 0, seconds: 0 };
  }
  const roleIds = (await rows(handle, sql`SELECT id FROM roles ORDER BY id`)).map((row) => Number(row.id));
  const managerIds = (await rows(handle, sql`SELECT id FROM users WHERE uid LIKE 'bench.cdp.%' ORDER BY id`)).map((row) =>
    Number(row.id),
  );
  const roleArray = sql.raw(`ARRAY[${roleIds.join(', ')}]::int[]`);
  const managerPick =
    managerIds.length > 0 ? pick(sql.raw(`ARRAY[${managerIds.join(', ')}]::int[]`), managerIds.length, 23) : sql`NULL::int`;
  const first = pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 21);
  const last = pick(textArray(LAST_NAMES), LAST_NAMES.length, 22);
  const uid = sql`'bench.user.' || lpad(g.n::text, 6, '0')`;
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + CHUNK_ROWS, target);
    await handle.db.execute(sql`
      INSERT INTO users (uid, name, cn, mail, phone, role_id, manager_id, engagement, service, quality, active, created_at, updated_at)
      SELECT ${uid}, person.name, ${uid},
             lower(translate(person.name, ' éèëêïîôöüûàâç''', '.eeeeiioouuaac')) || '.' || g.n || '@isf.example',
             '06 ' || lpad((abs(hashint8extended(g.n::bigint, 24)) % 100000000)::text, 8, '0'),
             ${pick(roleArray, roleIds.length, 25)},
             ${managerPick},
             ((abs(hashint8extended(g.n::bigint, 26)) % 50000000) / 100.0)::numeric(14, 2),
             ${pick(textArray(SERVICES), SERVICES.length, 27)},
             ${pick(textArray(QUALITIES), QUALITIES.length, 28)},
             abs(hashint8extended(g.n::bigint, 29)) % 20 <> 0,
             created, created
      FROM generate_series(${from}::int, ${to}::int) AS g(n)
      CROSS JOIN LATERAL (SELECT ${first} || ' ' || ${last} AS name) AS person
      CROSS JOIN LATERAL (SELECT timestamptz '2019-01-01 08:00+01' + (g.n::double precision / ${target}) * interval '2400 days' AS created) AS t`);
    done = to;
    console.log(`  ${String(done).padStart(String(target).length)} / ${target} users`);
  }
  // one user in ten is a secondary profile of the generated user just before it
  await handle.db.execute(sql`
    UPDATE users u SET parent_id = p.id
    FROM users p
    WHERE u.uid LIKE 'bench.user.%' AND u.parent_id IS NULL AND substr(u.uid, 12)::int % 10 = 0
      AND p.uid = 'bench.user.' || lpad((substr(u.uid, 12)::int - 1)::text, 6, '0')`);
  await handle.db.execute(sql`VACUUM ANALYZE users`);
  return { total: done, generatedNow: done - initiallyDone, seconds: (performance.now() - started) / 1000 };
}
