import type { OrderTemplateTree } from '@isf/contract';

type Prestation = OrderTemplateTree[number]['categories'][number]['prestations'][number];

/** A row of the grouped prestation table: a parent category, a subcategory, or a prestation. */
export type TreeRow =
  | { key: string; kind: 'group'; name: string; prestationIds: number[]; children: TreeRow[] }
  | ({ key: string; kind: 'prestation' } & Omit<Prestation, 'selected'>);

const PRESTATION_PREFIX = 'prestation-';

export function prestationKey(id: number): string {
  return `${PRESTATION_PREFIX}${id}`;
}

function prestationRow({ selected: _selected, ...prestation }: Prestation): TreeRow {
  return { key: prestationKey(prestation.id), kind: 'prestation', ...prestation };
}

/**
 * The table rows of a template's prestation tree: each parent category a group; under it the
 * prestations attached to it directly, then a group per subcategory.
 */
export function treeRows(tree: OrderTemplateTree): TreeRow[] {
  return tree.map(({ parentCategory, categories }) => {
    const children: TreeRow[] = categories.flatMap(({ category, prestations }) => {
      const rows = prestations.map(prestationRow);
      if (category === null) {
        return rows;
      }
      return [
        {
          key: `category-${category.id}`,
          kind: 'group' as const,
          name: category.name,
          prestationIds: prestations.map((prestation) => prestation.id),
          children: rows,
        },
      ];
    });
    return {
      key: `parent-${parentCategory.id}`,
      kind: 'group' as const,
      name: parentCategory.name,
      prestationIds: categories.flatMap(({ prestations }) => prestations.map((prestation) => prestation.id)),
      children,
    };
  });
}

/** The prestation ids among the keys a tree selection gives (group keys are left out). */
export function prestationIdsOf(keys: readonly (string | number | bigint)[]): number[] {
  return keys
    .map(String)
    .filter((key) => key.startsWith(PRESTATION_PREFIX))
    .map((key) => Number(key.slice(PRESTATION_PREFIX.length)))
    .sort((left, right) => left - right);
}

/** The keys of the group rows (to expand them all). */
export function groupKeys(rows: readonly TreeRow[]): string[] {
  return rows.flatMap((row) => (row.kind === 'group' ? [row.key, ...groupKeys(row.children)] : []));
}
