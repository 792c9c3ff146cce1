import type { OrderLineInput, OrderPrestationLine, PrestationSortColumn } from '@isf/contract';
import { compareDecimals, isZeroDecimal, lineTotal, sumDecimals } from '@isf/contract';
import type { QuantityEdits } from '../../../components/prestations/use-line-edits';

export const ORDER_PRESTATION_COLUMNS = [
  'category',
  'subcategory',
  'reference',
  'code',
  'description',
  'unit',
  'unitPrice',
  'quantity',
  'total',
] as const;
export type OrderPrestationColumn = (typeof ORDER_PRESTATION_COLUMNS)[number];

export type ColumnSort = { column: OrderPrestationColumn; direction: 'asc' | 'desc' };

/** A row of the tab: the line with the quantity and total it shows now, its saved ones and its number. */
export type OrderPrestationRow = OrderPrestationLine & { index: number; savedQuantity: string; savedTotal: string };

/** The columns the server sorts (its names); the amounts are sorted here, on the server's default order. */
const SERVER_SORT: Partial<Record<OrderPrestationColumn, PrestationSortColumn>> = {
  category: 'categoryParentName',
  subcategory: 'categoryName',
  reference: 'referenceName',
  code: 'code',
  description: 'description',
  unit: 'unitName',
};

/** The `sort` query of the prestations and their export: empty for the spec's default order. */
export function serverSort(sort: ColumnSort | null): string {
  const column = sort ? SERVER_SORT[sort.column] : undefined;
  return sort && column ? `${column},${sort.direction}` : '';
}

/** The quantity a line shows: the one typed, else the saved one. */
export function quantityOf(line: OrderPrestationLine, edits: QuantityEdits): string {
  return edits[line.prestation] ?? line.quantity;
}

/** Which lines the tab shows (spec 2 §5). `inTemplate` is null when no order template narrows the lines. */
export function visibleLines(
  lines: readonly OrderPrestationLine[],
  options: {
    editing: boolean;
    edits: QuantityEdits;
    displayAll: boolean;
    inTemplate: ((line: OrderPrestationLine) => boolean) | null;
  },
): OrderPrestationLine[] {
  const { editing, edits, displayAll, inTemplate } = options;
  if (!editing) {
    return lines.filter((line) => !isZeroDecimal(line.quantity));
  }
  if (displayAll || inTemplate === null) {
    return [...lines];
  }
  return lines.filter((line) => inTemplate(line) || line.lineId !== null || !isZeroDecimal(quantityOf(line, edits)));
}

/** The rows shown: the typed quantities with their totals recomputed (decimal arithmetic), numbered later. */
export function toRows(lines: readonly OrderPrestationLine[], edits: QuantityEdits): OrderPrestationRow[] {
  return lines.map((line) => {
    const typed = edits[line.prestation];
    return {
      ...line,
      index: 0,
      savedQuantity: line.quantity,
      savedTotal: line.total,
      quantity: typed ?? line.quantity,
      total: typed === undefined ? line.total : lineTotal(line.unitPrice, typed),
    };
  });
}

function searchable(text: string | null): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(',', '.')
    .trim();
}

/** The per-column text filters of edit mode: every filled filter must be contained (accents, case ignored). */
export function filterRows(rows: readonly OrderPrestationRow[], filters: Readonly<Record<string, string>>): OrderPrestationRow[] {
  const active = ORDER_PRESTATION_COLUMNS.map((column) => [column, searchable(filters[column] ?? '')] as const).filter(
    ([, value]) => value !== '',
  );
  if (active.length === 0) {
    return [...rows];
  }
  return rows.filter((row) => active.every(([column, value]) => searchable(row[column]).includes(value)));
}

const AMOUNT_OF: Partial<Record<OrderPrestationColumn, (row: OrderPrestationRow) => string>> = {
  unitPrice: (row) => row.unitPrice,
  // Saved values: a row does not jump while its quantity is being typed.
  quantity: (row) => row.savedQuantity,
  total: (row) => row.savedTotal,
};

/** Sorts by an amount column (stable, on the server's order); other sorts come sorted from the server. */
export function sortRows(rows: readonly OrderPrestationRow[], sort: ColumnSort | null): OrderPrestationRow[] {
  const amount = sort ? AMOUNT_OF[sort.column] : undefined;
  if (!sort || !amount) {
    return [...rows];
  }
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...rows].sort((left, right) => sign * compareDecimals(amount(left), amount(right)));
}

/** Numbers the rows in their shown order (1-based, across pages). */
export function numberRows(rows: readonly OrderPrestationRow[]): OrderPrestationRow[] {
  return rows.map((row, position) => ({ ...row, index: position + 1 }));
}

/** The footer: total quantity (one decimal) and total amount (sum of the rounded line totals). */
export function orderTotals(rows: readonly OrderPrestationRow[]): { quantity: string; amount: string } {
  return {
    quantity: sumDecimals(
      rows.map((row) => row.quantity),
      1,
    ),
    amount: sumDecimals(
      rows.map((row) => row.total),
      2,
    ),
  };
}

/**
 * The lines a save sends in `prestationOSs` (spec 2 §5): those with a non-zero quantity or an existing
 * line id (a zero on a saved line removes it), one per prestation.
 */
export function linesToSend(lines: readonly OrderPrestationLine[], edits: QuantityEdits): OrderLineInput[] {
  const seen = new Set<number>();
  const sent: OrderLineInput[] = [];
  for (const line of lines) {
    const quantity = quantityOf(line, edits).trim().replace(',', '.') || '0';
    if (seen.has(line.prestation) || (line.lineId === null && isZeroDecimal(quantity))) {
      continue;
    }
    seen.add(line.prestation);
    sent.push({ id: line.lineId, prestation: line.prestation, quantity });
  }
  return sent;
}
