import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isRgReleased } from '../attachments/index.js';
import { orderWarranty, type WarrantyAttachment } from './order-warranty.js';

describe('orderWarranty', () => {
  it('answers zeros for an order without validated attachments', () => {
    expect(orderWarranty([])).toEqual({
      rg: '0.00',
      depositUsed: '0.00',
      rgToRelease: '0.00',
      rgReleased: '0.00',
      rgLeft: '0.00',
      rgFromDepositReleased: '0.00',
    });
  });

  it('splits the RG into released (by a statement), to release (not released, date known) and left', () => {
    const attachments: WarrantyAttachment[] = [
      // released by a statement, with a deposit consumed
      { rg: '50.00', depositUsed: '950.00', releaseDate: '2026-06-15', released: '50.00' },
      // released by a statement before its release date: released all the same
      { rg: '20.10', depositUsed: '0.00', releaseDate: '2099-01-01', released: '20.10' },
      // release date come but no statement releases it: still to release
      { rg: '30.05', depositUsed: '100.00', releaseDate: '2020-03-01', released: null },
      { rg: '7.00', depositUsed: '0.00', releaseDate: null, released: null },
    ];
    expect(orderWarranty(attachments)).toEqual({
      rg: '107.15',
      depositUsed: '1050.00',
      rgToRelease: '30.05',
      rgReleased: '70.10',
      rgLeft: '37.05',
      rgFromDepositReleased: '50.00',
    });
  });

  it('counts the amount the statement released, not the RG as it stands today', () => {
    const warranty = orderWarranty([{ rg: '12.00', depositUsed: '1.00', releaseDate: '2025-01-01', released: '10.00' }]);
    expect(warranty).toMatchObject({ rgReleased: '10.00', rgLeft: '2.00', rgToRelease: '0.00', rgFromDepositReleased: '10.00' });
  });

  it('keeps rgLeft = rg − rgReleased, rgToRelease ≤ rgLeft and rgFromDepositReleased ≤ rgReleased for any attachments', () => {
    let seed = 7;
    const next = (modulo: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % modulo;
    };
    for (let run = 0; run < 200; run += 1) {
      const attachments = Array.from({ length: next(6) }, () => {
        const rg = (next(100_000) / 100).toFixed(2);
        return {
          rg,
          depositUsed: next(3) === 0 ? '0.00' : (next(100_000) / 100).toFixed(2),
          releaseDate: next(4) === 0 ? null : `202${next(10)}-0${1 + next(9)}-1${next(10)}`,
          released: next(2) === 0 ? null : rg,
        };
      });
      const warranty = orderWarranty(attachments);
      expect(new Decimal(warranty.rgLeft).equals(new Decimal(warranty.rg).minus(warranty.rgReleased))).toBe(true);
      expect(new Decimal(warranty.rgToRelease).lessThanOrEqualTo(warranty.rgLeft)).toBe(true);
      expect(new Decimal(warranty.rgFromDepositReleased).lessThanOrEqualTo(warranty.rgReleased)).toBe(true);
    }
  });

  it('reads "released" as "a statement records the release", whatever the date', () => {
    expect(isRgReleased('0.00')).toBe(true);
    expect(isRgReleased('12.34')).toBe(true);
    expect(isRgReleased(null)).toBe(false);
  });
});
