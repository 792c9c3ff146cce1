import type { BpuPrestationLine } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { invalidCosts, isZeroCost, priceLinesToSend, visibleLines } from './bpu-prices';

function line(id: number, cost: string, priceId: number | null): BpuPrestationLine {
  return {
    id,
    code: `P-${id}`,
    description: `Prestation ${id}`,
    referenceName: 'Soudure',
    categoryParentName: 'Transport optique',
    categoryName: 'Soudure',
    unit: 'Unité',
    unitName: 'Unité',
    typeName: "Main d'œuvre",
    locked: false,
    prestationSST: { id: priceId, cost, bpuSST: 5, prestation: id },
  };
}

const priced = line(1, '38.50', 11);
const unpriced = line(2, '0', null);
const savedZero = line(3, '0.00', 13);

describe('BPU price rules', () => {
  it('counts empty and any written zero as no price', () => {
    for (const cost of ['', ' ', '0', '0.00', '0,0', '00', '.0']) {
      expect(isZeroCost(cost), cost).toBe(true);
    }
    for (const cost of ['0.01', '1', '10,5', '100']) {
      expect(isZeroCost(cost), cost).toBe(false);
    }
  });

  it('hides the lines without a price in read mode and shows them all in edit mode', () => {
    expect(visibleLines([priced, unpriced, savedZero], false)).toEqual([priced]);
    expect(visibleLines([priced, unpriced, savedZero], true)).toEqual([priced, unpriced, savedZero]);
  });

  it('sends a line only when it has a price or is already saved', () => {
    expect(priceLinesToSend([priced, unpriced, savedZero], {})).toEqual([
      { id: 11, prestation: 1, cost: '38.50' },
      { id: 13, prestation: 3, cost: '0.00' },
    ]);
    expect(priceLinesToSend([priced, unpriced, savedZero], { 1: '', 2: ' 12,5 ', 3: '0' })).toEqual([
      { id: 11, prestation: 1, cost: '' },
      { id: null, prestation: 2, cost: '12,5' },
      { id: 13, prestation: 3, cost: '0' },
    ]);
    expect(priceLinesToSend([unpriced], { 2: '0,00' })).toEqual([]);
  });

  it('names the typed costs that are not prices', () => {
    expect(invalidCosts({ 1: '12,50', 2: '', 3: '-1', 4: '1.234', 5: 'abc', 6: '7' })).toEqual([3, 4, 5]);
  });
});
