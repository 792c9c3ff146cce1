import type { Database } from '../db/client.js';
import {
  bpus,
  bpuTemplates,
  categories,
  orderTemplatePrestations,
  orderTemplates,
  prestationPrices,
  prestationReferences,
  prestations,
  prestationTypes,
  units,
} from '../db/schema/index.js';

/** Top categories and their subcategories; 'Divers' has none (prestations attach to it directly). */
const CATEGORY_TREE: [string, string[]][] = [
  ['Génie civil', ['Tranchée', 'Chambre', 'Fourreaux']],
  ['Transport optique', ['Tirage', 'Soudure']],
  ['Distribution', ['PBO', 'Raccordement']],
  ['Recette', ['Mesures', 'Dossier']],
  ['Divers', []],
];

/** code, designation, reference, category (parent/child or top), unit, type, price of the demo BPU ('' = not priced). */
const FTTH_PRESTATIONS: [string, string, string, string, string, string, string][] = [
  [
    'GC-001',
    'Ouverture et fermeture de tranchée sous chaussée',
    'Pose chambre',
    'Génie civil/Tranchée',
    'Mètre linéaire',
    'Sous-traitance',
    '38.50',
  ],
  [
    'GC-002',
    'Ouverture et fermeture de tranchée sous trottoir',
    'Pose chambre',
    'Génie civil/Tranchée',
    'Mètre linéaire',
    'Sous-traitance',
    '27.80',
  ],
  ['GC-003', 'Réfection de chaussée en enrobé', 'Pose chambre', 'Génie civil/Tranchée', 'Mètre carré', 'Sous-traitance', '45.00'],
  [
    'GC-010',
    'Pose de fourreau PVC Ø45 en tranchée ouverte',
    'Aiguillage',
    'Génie civil/Fourreaux',
    'Mètre linéaire',
    "Main d'œuvre",
    '3.20',
  ],
  ['GC-020', 'Pose de chambre L0T', 'Pose chambre', 'Génie civil/Chambre', 'Unité', 'Sous-traitance', '420.00'],
  ['GC-021', 'Pose de chambre L2T', 'Pose chambre', 'Génie civil/Chambre', 'Unité', 'Sous-traitance', '610.00'],
  [
    'TR-001',
    'Aiguillage de fourreau existant',
    'Aiguillage',
    'Transport optique/Tirage',
    'Mètre linéaire',
    "Main d'œuvre",
    '0.85',
  ],
  [
    'TR-002',
    'Tirage de câble optique 144 FO en conduite',
    'Tirage câble',
    'Transport optique/Tirage',
    'Mètre linéaire',
    "Main d'œuvre",
    '1.45',
  ],
  [
    'TR-003',
    'Tirage de câble optique en aérien sur appuis',
    'Tirage câble',
    'Transport optique/Tirage',
    'Mètre linéaire',
    "Main d'œuvre",
    '2.10',
  ],
  [
    'TR-010',
    'Fourniture de câble optique 144 FO',
    'Tirage câble',
    'Transport optique/Tirage',
    'Mètre linéaire',
    'Fourniture',
    '1.92',
  ],
  ['SO-001', 'Soudure de fibre optique (par fibre)', 'Soudure', 'Transport optique/Soudure', 'Unité', "Main d'œuvre", '6.50'],
  [
    'SO-002',
    "Confection de boîtier d'épissurage 144 FO",
    'Soudure',
    'Transport optique/Soudure',
    'Unité',
    "Main d'œuvre",
    '180.00',
  ],
  ['DI-001', 'Pose de PBO intérieur', 'Raccordement PBO', 'Distribution/PBO', 'Unité', "Main d'œuvre", '95.00'],
  ['DI-002', 'Pose de PBO extérieur sur façade', 'Raccordement PBO', 'Distribution/PBO', 'Unité', "Main d'œuvre", '120.00'],
  ['DI-003', 'Pose de PBO en chambre', 'Raccordement PBO', 'Distribution/PBO', 'Unité', "Main d'œuvre", ''],
  [
    'RA-001',
    'Raccordement client en souterrain',
    'Raccordement PBO',
    'Distribution/Raccordement',
    'Unité',
    'Sous-traitance',
    '165.00',
  ],
  [
    'RA-002',
    'Raccordement client en aérien',
    'Raccordement PBO',
    'Distribution/Raccordement',
    'Unité',
    'Sous-traitance',
    '150.00',
  ],
  ['RA-003', 'Raccordement client en façade', 'Raccordement PBO', 'Distribution/Raccordement', 'Unité', 'Sous-traitance', ''],
  ['RE-001', 'Mesure réflectométrique OTDR (par fibre)', 'Recette optique', 'Recette/Mesures', 'Unité', "Main d'œuvre", '4.20'],
  ['RE-002', 'Dossier de recette optique du PM', 'Recette optique', 'Recette/Dossier', 'Forfait', "Main d'œuvre", '350.00'],
  ['DV-001', 'Mise à disposition de nacelle avec opérateur', 'Tirage câble', 'Divers', 'Jour', 'Location', '280.00'],
];

const ORDER_TEMPLATE_CODES = ['DI-001', 'DI-002', 'RA-001', 'RA-002', 'RA-003'];

function idOf(rows: { id: number; name: string }[], name: string): number {
  const row = rows.find((candidate) => candidate.name === name);
  if (!row) {
    throw new Error(`seed: unknown ${name}`);
  }
  return row.id;
}

/** Categories, an FTTH BPU template with its prestations, a priced BPU, a locked BPU and an order template. */
export async function seedPriceSchedules(db: Database): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [parentName, children] of CATEGORY_TREE) {
    const [parent] = await db.insert(categories).values({ name: parentName }).returning({ id: categories.id });
    categoryIds.set(parentName, parent?.id ?? 0);
    for (const child of children) {
      const [row] = await db.insert(categories).values({ name: child, parentId: parent?.id }).returning({ id: categories.id });
      categoryIds.set(`${parentName}/${child}`, row?.id ?? 0);
    }
  }
  const references = await db.select({ id: prestationReferences.id, name: prestationReferences.name }).from(prestationReferences);
  const unitRows = await db.select({ id: units.id, name: units.name }).from(units);
  const types = await db.select({ id: prestationTypes.id, name: prestationTypes.name }).from(prestationTypes);

  const [template] = await db.insert(bpuTemplates).values({ name: 'BPU FTTH 2025' }).returning({ id: bpuTemplates.id });
  const templateId = template?.id ?? 0;
  const inserted = await db
    .insert(prestations)
    .values(
      FTTH_PRESTATIONS.map(([code, description, reference, category, unit, type]) => ({
        bpuTemplateId: templateId,
        code,
        description,
        referenceId: idOf(references, reference),
        categoryId: categoryIds.get(category) ?? 0,
        unitId: idOf(unitRows, unit),
        typeId: idOf(types, type),
      })),
    )
    .returning({ id: prestations.id, code: prestations.code });
  const prestationId = (code: string) => inserted.find((row) => row.code === code)?.id ?? 0;

  const [priced, locked] = await db
    .insert(bpus)
    .values([
      { name: 'BPU Fibres Réseaux Aquitaine 2025', bpuTemplateId: templateId },
      { name: 'BPU Télécom Travaux Sud-Ouest 2024', bpuTemplateId: templateId, locked: true },
    ])
    .returning({ id: bpus.id });
  const prices = FTTH_PRESTATIONS.filter(([, , , , , , cost]) => cost !== '');
  await db
    .insert(prestationPrices)
    .values([
      ...prices.map(([code, , , , , , cost]) => ({ bpuId: priced?.id ?? 0, prestationId: prestationId(code), cost })),
      ...prices.slice(0, 8).map(([code, , , , , , cost]) => ({ bpuId: locked?.id ?? 0, prestationId: prestationId(code), cost })),
    ]);

  const [orderTemplate] = await db
    .insert(orderTemplates)
    .values({ name: 'Raccordement client standard', bpuTemplateId: templateId })
    .returning({ id: orderTemplates.id });
  await db
    .insert(orderTemplatePrestations)
    .values(ORDER_TEMPLATE_CODES.map((code) => ({ orderTemplateId: orderTemplate?.id ?? 0, prestationId: prestationId(code) })));
}
