import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { orderWarranty, rgReleasedOn, type WarrantyAttachment } from './order-warranty.js';

const TODAY = '2026-06-15';

describe('orderWarranty', () => {
  it('answers zeros for an order without validated attachments', () => {
    expect(orderWarranty([], TODAY)).toEqual({
      rg: '0.00',
      depositUsed: '0.00',
      rgToRelease: '0.00',
      rgReleased: '0.00',
      rgLeft: '0.00',
      rgFromDepositReleased: '0.00',
    });
  });

  it('splits the RG into released (date come), to release (date to come) and left, and counts the deposits consumed', () => {
    const attachments: WarrantyAttachment[] = [
      { rg: '50.00', depositUsed: '950.00', releaseDate: '2026-06-15' },
      { rg: '20.10', depositUsed: '0.00', releaseDate: '2025-01-01' },
      { rg: '30.05', depositUsed: '100.00', releaseDate: '2027-03-01' },
      { rg: '7.00', depositUsed: '0.00', releaseDate: null },
    ];
    expect(orderWarranty(attachments, TODAY)).toEqual({
      rg: '107.15',
      depositUsed: '1050.00',
      rgToRelease: '30.05',
      rgReleased: '70.10',
      rgLeft: '37.05',
      rgFromDepositReleased: '50.00',
    });
  });

  it('keeps rgLeft = rg − rgReleased, rgToRelease ≤ rgLeft and rgFromDepositReleased ≤ rgReleased for any attachments', () => {
    let seed = 7;
    const next = (modulo: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % modulo;
    };
    for (let run = 0; run < 200; run += 1) {
      const attachments = Array.from({ length: next(6) }, () => ({
        rg: (next(100_000) / 100).toFixed(2),
        depositUsed: next(3) === 0 ? '0.00' : (next(100_000) / 100).toFixed(2),
        releaseDate: next(4) === 0 ? null : `202${next(10)}-0${1 + next(9)}-1${next(10)}`,
      }));
      const warranty = orderWarranty(attachments, TODAY);
      expect(new Decimal(warranty.rgLeft).equals(new Decimal(warranty.rg).minus(warranty.rgReleased))).toBe(true);
      expect(new Decimal(warranty.rgToRelease).lessThanOrEqualTo(warranty.rgLeft)).toBe(true);
      expect(new Decimal(warranty.rgFromDepositReleased).lessThanOrEqualTo(warranty.rgReleased)).toBe(true);
    }
  });

  it('releases on the release date itself, not the day before', () => {
    expect(rgReleasedOn('2026-06-15', TODAY)).toBe(true);
    expect(rgReleasedOn('2026-06-16', TODAY)).toBe(false);
    expect(rgReleasedOn(null, TODAY)).toBe(false);
  });
});
