import type { OrderPrestationLine } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import {
  filterRows,
  linesToSend,
  numberRows,
  orderTotals,
  serverSort,
  sortRows,
  toRows,
  visibleLines,
} from './order-prestation-lines';

function line(prestation: number, overrides: Partial<OrderPrestationLine> = {}): OrderPrestationLine {
  return {
    prestation,
    category: 'Transport optique',
    subcategory: 'Soudure',
    reference: 'Soudure',
    code: `SO-${prestation}`,
    description: `Désignation ${prestation}`,
    unit: 'Unité',
    unitPrice: '12.35',
    quantity: '0.0',
    total: '0.00',
    lineId: null,
    isInTemplate: true,
    ...overrides,
  };
}

describe('order prestation lines', () => {
  it('shows only the non-zero lines outside edit mode', () => {
    const lines = [line(1, { quantity: '2.0', lineId: 10 }), line(2, { quantity: '0.0', lineId: 11 }), line(3)];
    expect(
      visibleLines(lines, { editing: false, edits: {}, displayAll: false, inTemplate: null }).map((row) => row.prestation),
    ).toEqual([1]);
  });

  it('hides, in edit mode with a template, the zero lines outside it unless display all is on', () => {
    const lines = [
      line(1),
      line(2, { isInTemplate: false }),
      line(3, { isInTemplate: false, lineId: 12, quantity: '1.0' }),
      line(4, { isInTemplate: false }),
    ];
    const inTemplate = (row: OrderPrestationLine) => row.isInTemplate;
    const shown = (displayAll: boolean) =>
      visibleLines(lines, { editing: true, edits: { 4: '0.5' }, displayAll, inTemplate }).map((row) => row.prestation);
    expect(shown(false)).toEqual([1, 3, 4]);
    expect(shown(true)).toEqual([1, 2, 3, 4]);
  });

  it('sends the non-zero lines and the saved ones (a zero removes them), never a new zero line', () => {
    const lines = [
      line(1, { lineId: 10, quantity: '2.0' }),
      line(2),
      line(3),
      line(4, { lineId: 13, quantity: '1.0' }),
      line(4, { lineId: 13, quantity: '1.0' }),
    ];
    expect(linesToSend(lines, { 1: '0', 3: '1,5', 2: '0.0' })).toEqual([
      { id: 10, prestation: 1, quantity: '0' },
      { id: null, prestation: 3, quantity: '1.5' },
      { id: 13, prestation: 4, quantity: '1.0' },
    ]);
  });

  it('totals the typed quantities with decimal arithmetic (3 × 0.5 × 12.35)', () => {
    const rows = toRows([line(1), line(2), line(3), line(4, { unitPrice: '0.10', quantity: '3.0', total: '0.30', lineId: 9 })], {
      1: '0.5',
      2: '0.5',
      3: '0.5',
    });
    expect(rows.map((row) => row.total)).toEqual(['6.18', '6.18', '6.18', '0.30']);
    expect(orderTotals(rows)).toEqual({ quantity: '4.5', amount: '18.84' });
  });

  it('filters by column ignoring case and accents, and reads a comma as a point', () => {
    const rows = toRows([line(1, { description: 'Épissure fibre' }), line(2, { unitPrice: '7.50' })], {});
    expect(filterRows(rows, { description: 'episs' }).map((row) => row.prestation)).toEqual([1]);
    expect(filterRows(rows, { unitPrice: '7,5' }).map((row) => row.prestation)).toEqual([2]);
    expect(filterRows(rows, { description: '' })).toHaveLength(2);
  });

  it('asks the server for the text sorts and sorts the amounts itself on the saved values', () => {
    expect(serverSort({ column: 'category', direction: 'desc' })).toBe('categoryParentName,desc');
    expect(serverSort({ column: 'quantity', direction: 'asc' })).toBe('');
    expect(serverSort(null)).toBe('');
    const rows = toRows([line(1, { quantity: '2.0' }), line(2, { quantity: '10.0' }), line(3, { quantity: '0.5' })], { 3: '50' });
    const sorted = numberRows(sortRows(rows, { column: 'quantity', direction: 'desc' }));
    expect(sorted.map((row) => [row.index, row.prestation])).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });
});
