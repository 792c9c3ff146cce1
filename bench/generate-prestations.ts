/**
 * Generated prestations: BPU_TEMPLATE_COUNT templates (`Bordereau bench 01` …) sharing the prestations
 * evenly, each with a unique code in its template, a designation made of a work, an object and a
 * variant ("Pose de câble optique 144 FO – en conduite existante"), and a category, reference, unit and
 * type drawn from the demo seed. Resumes where an interrupted run stopped.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import type { GeneratedCount } from './generate-users.js';
import { rows } from './sql-rows.js';
import { pick, textArray } from './vocabulary.js';

const CHUNK_ROWS = 50_000;
const BPU_TEMPLATE_COUNT = 50;
const WORKS = [
  'Pose de',
  'Fourniture et pose de',
  'Dépose de',
  'Raccordement de',
  'Tirage de',
  'Mesure réflectométrique de',
  'Soudure de',
  'Remplacement de',
  'Réparation de',
  'Étiquetage de',
];
const OBJECTS = [
  'câble optique 12 FO',
  'câble optique 48 FO',
  'câble optique 144 FO',
  'câble optique 288 FO',
  'boîtier de protection d’épissure',
  'point de branchement optique',
  'chambre L2T',
  'chambre L3T',
  'fourreau PVC 42/45',
  'poteau bois 8 m',
  'poteau composite 9 m',
  'armoire de rue PM 300',
  'tiroir optique',
  'prise terminale optique',
  'câble de branchement',
];
const VARIANTS = [
  'en conduite existante',
  'en aérien sur appuis communs',
  'en façade',
  'en tranchée ouverte',
  'en micro-tranchée',
  'en immeuble',
  'en zone rurale',
  'en zone urbaine dense',
  'de nuit',
  'avec signalisation de chantier',
];

async function idsOf(handle: DatabaseHandle, table: string): Promise<number[]> {
  return (await rows(handle, sql`SELECT id FROM ${sql.identifier(table)} ORDER BY id`)).map((row) => Number(row.id));
}

function intArray(ids: number[]) {
  return sql.raw(`ARRAY[${ids.join(', ')}]::int[]`);
}

async function ensureTemplates(handle: DatabaseHandle): Promise<number[]> {
  await handle.db.execute(sql`
    INSERT INTO bpu_templates (name)
    SELECT 'Bordereau bench ' || lpad(g.n::text, 2, '0') FROM generate_series(1, ${BPU_TEMPLATE_COUNT}::int) AS g(n)
    ON CONFLICT (name) DO NOTHING`);
  return (await rows(handle, sql`SELECT id FROM bpu_templates WHERE name LIKE 'Bordereau bench %' ORDER BY name`)).map((row) =>
    Number(row.id),
  );
}

export async function ensurePrestations(handle: DatabaseHandle, target: number): Promise<GeneratedCount> {
  const started = performance.now();
  const templates = await ensureTemplates(handle);
  const templateArray = intArray(templates);
  const [existing] = await rows(
    handle,
    sql`SELECT count(*)::int AS total FROM prestations WHERE bpu_template_id = ANY(${templateArray})`,
  );
  let done = Number(existing?.total ?? 0);
  const initiallyDone = done;
  if (done >= target) {
    return { total: done, generatedNow: 0, seconds: 0 };
  }
  // a prestation hangs on a subcategory, or on a top category that has none
  const categories = (
    await rows(
      handle,
      sql`SELECT c.id FROM categories c WHERE c.parent_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id) ORDER BY c.id`,
    )
  ).map((row) => Number(row.id));
  const [references, units, types] = await Promise.all([
    idsOf(handle, 'prestation_references'),
    idsOf(handle, 'units'),
    idsOf(handle, 'prestation_types'),
  ]);
  if ([categories, references, units, types].some((ids) => ids.length === 0)) {
    throw new Error('no categories, references, units or prestation types: the demo seed did not run');
  }
  const description = sql`${pick(textArray(WORKS), WORKS.length, 31)} || ' ' || ${pick(textArray(OBJECTS), OBJECTS.length, 32)} || ' – ' || ${pick(textArray(VARIANTS), VARIANTS.length, 33)}`;
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + CHUNK_ROWS, target);
    // prestation n goes to template 1 + (n mod count), with the code n in it: unique per template
    await handle.db.execute(sql`
      INSERT INTO prestations (bpu_template_id, reference_id, category_id, unit_id, type_id, code, description)
      SELECT (${templateArray})[1 + g.n % ${templates.length}],
             ${pick(intArray(references), references.length, 34)},
             ${pick(intArray(categories), categories.length, 35)},
             ${pick(intArray(units), units.length, 36)},
             ${pick(intArray(types), types.length, 37)},
             'BN-' || lpad(g.n::text, 6, '0'),
             ${description}
      FROM generate_series(${from}::int, ${to}::int) AS g(n)`);
    done = to;
    console.log(`  ${String(done).padStart(String(target).length)} / ${target} prestations`);
  }
  await handle.db.execute(sql`VACUUM ANALYZE prestations`);
  return { total: done, generatedNow: done - initiallyDone, seconds: (performance.now() - started) / 1000 };
}
