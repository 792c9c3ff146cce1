/** A name compared the way people read it: case, accents and spacing ignored. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export type CategoryNode = { id: number; name: string; parentId: number | null };
export type CategoryMerge = { keep: number; merged: number[] };

function groupDuplicates(nodes: CategoryNode[]): CategoryMerge[] {
  const groups = new Map<string, number[]>();
  for (const node of nodes) {
    const key = `${node.parentId ?? ''}|${normalizeName(node.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), node.id]);
  }
  return [...groups.values()]
    .filter((ids) => ids.length > 1)
    .map((ids) => {
      const sorted = [...ids].sort((left, right) => left - right);
      return { keep: sorted[0] ?? 0, merged: sorted.slice(1) };
    })
    .sort((left, right) => left.keep - right.keep);
}

/**
 * Which categories merge into which: duplicates (same normalised name, same parent) go into the lowest
 * id. Top categories merge first; their children then count as children of the kept category, so two
 * merged parents' same-named children merge too. Apply the merges in the returned order.
 */
export function planCategoryMerges(categories: CategoryNode[]): CategoryMerge[] {
  const topMerges = groupDuplicates(categories.filter((category) => category.parentId === null));
  const keptParent = new Map<number, number>();
  for (const merge of topMerges) {
    for (const id of merge.merged) {
      keptParent.set(id, merge.keep);
    }
  }
  const children = categories
    .filter((category) => category.parentId !== null)
    .map((category) => ({ ...category, parentId: keptParent.get(category.parentId ?? 0) ?? category.parentId }));
  return [...topMerges, ...groupDuplicates(children)];
}
