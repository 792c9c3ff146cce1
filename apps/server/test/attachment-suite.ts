import Decimal from 'decimal.js';
import { beforeAll } from 'vitest';
import { type AdminSuite, adminSuite } from './admin-suite.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

type Price = { prestation: number; cost: string };

/**
 * The set-up the attachment API tests share, built by `attachmentSuite()`: the administrator's suite, plus a
 * market with a BPU of the file's own and its prices (the demo subcontractor's token too when asked for).
 */
export type AttachmentSuite = AdminSuite & {
  readonly market: { marketId: number; bpuId: number };
  readonly prices: Price[];
  /** The demo subcontractor's token (`attachmentSuite({ sst: true })`). */
  readonly sst: string;
  /** The price of the BPU's prestation at this index. */
  price(index: number): Price;
  /** A line of `quantity` of that prestation, rounded to the cent half up. */
  lineTotal(index: number, quantity: string): Decimal;
};

/** Builds the app, the market and its prices before the calling file's tests (call it at the top of the file). */
export function attachmentSuite(options: { sst?: boolean } = {}): AttachmentSuite {
  const admin = adminSuite();
  let state: { market: { marketId: number; bpuId: number }; prices: Price[]; sst?: string } | undefined;
  const ready = () => {
    if (!state) {
      throw new Error('the suite is built before the tests of the file, not while it is read');
    }
    return state;
  };

  beforeAll(async () => {
    const sst = options.sst ? await admin.loginAs('sst') : undefined;
    const market = await marketWithBpu(admin.app, admin.db, admin.admin);
    state = { market, prices: await pricesOf(admin.db, market.bpuId), sst };
  });

  const price = (index: number) => ready().prices[index] as Price;
  const own = {
    get market() {
      return ready().market;
    },
    get prices() {
      return ready().prices;
    },
    get sst() {
      const { sst } = ready();
      if (sst === undefined) {
        throw new Error('the suite logs the subcontractor in when asked: attachmentSuite({ sst: true })');
      }
      return sst;
    },
    price,
    lineTotal: (index: number, quantity: string) =>
      new Decimal(price(index).cost).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  };
  // the administrator's members stay on the prototype: copying them would read their getters before the hooks ran
  return Object.create(admin, Object.getOwnPropertyDescriptors(own)) as AttachmentSuite;
}
