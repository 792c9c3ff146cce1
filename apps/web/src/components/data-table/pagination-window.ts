/** One slot of the pager: a page button or an ellipsis standing for the skipped pages. */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; side: 'before' | 'after' };

/** The last page (1-based) of a result; an empty result still has one page. */
export function lastPageOf(totalElements: number, size: number): number {
  if (size <= 0 || totalElements <= 0) {
    return 1;
  }
  return Math.ceil(totalElements / size);
}

/** A typed page number brought back between 1 and the last page (spec 1 §2 generic list table). */
export function clampPage(value: number | null | undefined, lastPage: number): number {
  const last = Math.max(1, Math.floor(lastPage));
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return 1;
  }
  return Math.min(last, Math.max(1, Math.trunc(value)));
}

/**
 * The pages shown by the pager: first, previous, current, next and last, with an ellipsis wherever
 * pages are skipped between them. `open`: the count was capped, `lastPage` is only the last page known
 * to exist, so no last page is shown, an ellipsis instead after the next one.
 */
export function paginationWindow(current: number, lastPage: number, open = false): PagerItem[] {
  const last = Math.max(1, Math.floor(lastPage));
  const page = clampPage(current, last);
  const pages = [...new Set([1, page - 1, page, page + 1, ...(open ? [] : [last])])].filter(
    (value) => value >= 1 && value <= last,
  );
  pages.sort((left, right) => left - right);
  const items: PagerItem[] = [];
  pages.forEach((value, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && value - previous > 1) {
      items.push({ kind: 'ellipsis', side: value <= page ? 'before' : 'after' });
    }
    items.push({ kind: 'page', page: value });
  });
  if (open) {
    items.push({ kind: 'ellipsis', side: 'after' });
  }
  return items;
}
