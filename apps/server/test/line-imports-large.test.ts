import { ATTACHMENT_CSV_HEADERS, IMPORT_SUCCESS_MESSAGE, ORDER_CSV_HEADERS } from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, largeBpuCode, largeBpuCost, marketWithLargeBpu } from './orders-fixtures.js';
import { csvFile, importForm } from './price-schedules-fixtures.js';

/**
 * The order and attachment line imports at their documented limit (issue 15): 20,000 lines written
 * set by set and read back in order, then changed and removed by a second file; one line more, or a
 * file over 5 MB, refused with the French 400.
 */

const LINES = 20_000;
/** Each test imports two files of 20,000 lines on a machine other suites share (the attachment one took 250 s under a load of 15). */
const LARGE = 600_000;

let testApp: TestApp;
let admin: string;
let market: { marketId: number; bpuId: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  market = await marketWithLargeBpu(testApp.app, testApp.db, admin, LINES);
}, LARGE);

afterAll(async () => {
  await testApp?.close();
});

type LineRow = { code: string; unitPrice: string; quantity: string; total: string; version: number };

/** The first file's quantity of line `index`: whole or half, never zero. */
const firstQuantity = (index: number) => (index % 2 === 0 ? `${(index % 7) + 1}` : `${index % 5}.5`);
/** The second file's: zero (the line removed) on even lines, another quantity on odd ones. */
const secondQuantity = (index: number) => (index % 2 === 0 ? '0' : `${(index % 11) + 2}`);

const lineTotal = (cost: string, quantity: string) =>
  new Decimal(cost).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function expectedRows(quantityOf: (index: number) => string, version: number): LineRow[] {
  return Array.from({ length: LINES }, (_, index) => index)
    .filter((index) => quantityOf(index) !== '0')
    .map((index) => ({
      code: largeBpuCode(index),
      unitPrice: largeBpuCost(index),
      quantity: new Decimal(quantityOf(index)).toFixed(1),
      total: lineTotal(largeBpuCost(index), quantityOf(index)),
      version,
    }));
}

const sumOf = (rows: LineRow[]) => rows.reduce((sum, row) => sum.plus(row.total), new Decimal(0)).toFixed(2);

/** A file of the export's layout with the code and the French quantity of every line (other cells empty). */
function lineFile(headers: readonly string[], quantityOf: (index: number) => string, extra: string[][] = []): Buffer {
  const code = headers.indexOf('Code');
  const quantity = headers.indexOf('Quantité');
  const row = (index: number) =>
    headers.map((_, column) => {
      if (column === code) {
        return largeBpuCode(index);
      }
      return column === quantity ? quantityOf(index).replace('.', ',') : '';
    });
  return csvFile([[...headers], ...Array.from({ length: LINES }, (_, index) => row(index)), ...extra]);
}

function postFile(url: string, content: Buffer) {
  return inject(testApp.app, { method: 'POST', url, token: admin, ...importForm(content) });
}

async function readLines(table: 'order_lines' | 'attachment_lines', owner: 'order_id' | 'attachment_id', id: number) {
  const result = await testApp.db.execute(sql`SELECT p.code, line.unit_price::text AS "unitPrice",
      line.quantity::text AS quantity, line.total::text AS total, line.version
    FROM ${sql.identifier(table)} line JOIN prestations p ON p.id = line.prestation_id
    WHERE line.${sql.identifier(owner)} = ${id} ORDER BY p.code, line.id`);
  return (result as unknown as { rows: LineRow[] }).rows;
}

/** The 20,001-line and over-5-MB files are refused whole with the French 400, the lines left as they were. */
async function expectLimitsRefused(url: string, headers: readonly string[], before: LineRow[], read: () => Promise<LineRow[]>) {
  const extra = headers.map((name) => (name === 'Code' ? largeBpuCode(0) : name === 'Quantité' ? '1' : ''));
  const tooMany = await postFile(url, lineFile(headers, secondQuantity, [extra]));
  expect(tooMany.statusCode, tooMany.body.slice(0, 300)).toBe(400);
  expect(tooMany.json().detail).toBe("Import refusé, rien n'a été enregistré. Le fichier dépasse 20\u202f000 lignes.");
  const tooBig = await postFile(url, Buffer.concat([csvFile([[...headers]]), Buffer.alloc(5 * 1024 * 1024, 'a')]));
  expect(tooBig.statusCode).toBe(400);
  expect(tooBig.json().detail).toBe('Le fichier dépasse la taille maximale de 5 Mo.');
  expect(await read()).toEqual(before);
}

describe('order line import at 20,000 lines', () => {
  it(
    'writes every line, then changes and removes them from a second file, and refuses one line more or 5 MB',
    async () => {
      const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
      const url = `/api/order/${id}/import`;
      const read = () => readLines('order_lines', 'order_id', id);
      const orderTotal = async () =>
        (
          (await testApp.db.execute(sql`SELECT total::text AS total FROM orders WHERE id = ${id}`)) as unknown as {
            rows: { total: string }[];
          }
        ).rows[0]?.total;

      const first = await postFile(url, lineFile(ORDER_CSV_HEADERS, firstQuantity));
      expect(first.statusCode, first.body.slice(0, 500)).toBe(200);
      expect(first.json()).toEqual({ success: true, message: IMPORT_SUCCESS_MESSAGE, updated: LINES });
      const written = await read();
      expect(written).toHaveLength(LINES);
      expect(written).toEqual(expectedRows(firstQuantity, 1));
      expect(await orderTotal()).toBe(sumOf(written));

      const second = await postFile(url, lineFile(ORDER_CSV_HEADERS, secondQuantity));
      expect(second.statusCode, second.body.slice(0, 500)).toBe(200);
      const changed = await read();
      expect(changed).toHaveLength(LINES / 2);
      expect(changed).toEqual(expectedRows(secondQuantity, 2));
      expect(await orderTotal()).toBe(sumOf(changed));

      await expectLimitsRefused(url, ORDER_CSV_HEADERS, changed, read);
    },
    LARGE,
  );
});

describe('attachment line import at 20,000 lines', () => {
  it(
    'writes every line, then changes and removes them from a second file, and refuses one line more or 5 MB',
    async () => {
      const fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
      const order = await fx.validatedOrder(market, ['10', '4']);
      const id = await fx.attachment(order);
      const url = `/api/attachement/${id}/import`;
      const read = () => readLines('attachment_lines', 'attachment_id', id);
      const amount = async () => (await fx.detail(id)).amount;

      const first = await postFile(url, lineFile(ATTACHMENT_CSV_HEADERS, firstQuantity));
      expect(first.statusCode, first.body.slice(0, 500)).toBe(200);
      expect(first.json()).toEqual({ success: true, message: IMPORT_SUCCESS_MESSAGE, updated: LINES });
      const written = await read();
      expect(written).toHaveLength(LINES);
      expect(written).toEqual(expectedRows(firstQuantity, 1));
      expect(await amount()).toBe(sumOf(written));

      const second = await postFile(url, lineFile(ATTACHMENT_CSV_HEADERS, secondQuantity));
      expect(second.statusCode, second.body.slice(0, 500)).toBe(200);
      const changed = await read();
      expect(changed).toHaveLength(LINES / 2);
      expect(changed).toEqual(expectedRows(secondQuantity, 2));
      expect(await amount()).toBe(sumOf(changed));

      await expectLimitsRefused(url, ATTACHMENT_CSV_HEADERS, changed, read);
    },
    LARGE,
  );
});
