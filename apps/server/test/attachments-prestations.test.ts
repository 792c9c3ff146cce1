import {
  ATTACHMENT_BPU_CSV_HEADERS,
  ATTACHMENT_CSV_HEADERS,
  IMPORT_SUCCESS_MESSAGE,
  ORDER_QUANTITY_INVALID_MESSAGE,
} from '@isf/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentLines } from '../src/db/schema/index.js';
import { attachmentSuite } from './attachment-suite.js';
import { countRows, inject } from './helper.js';
import { csvFile, csvRows, importForm } from './price-schedules-fixtures.js';

const suite = attachmentSuite();
const { send, price, lineTotal } = suite;

describe('prestations, import and export', () => {
  async function importFile(id: number, form: { payload: Buffer; headers: Record<string, string> }) {
    return inject(suite.app, { method: 'POST', url: `/api/attachement/${id}/import`, token: suite.admin, ...form });
  }

  it('lists the ordered and attached prestations, all the BPU on demand, the attached ones alone outside edit mode', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10', '4']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '3' }]);
    const rows = await suite.fx.json(await send('GET', `/api/attachement/${id}/prestations`));
    expect(rows.map((row: { prestation: number }) => row.prestation).sort()).toEqual(
      [price(0).prestation, price(1).prestation].sort(),
    );
    expect(rows.find((row: { prestation: number }) => row.prestation === price(0).prestation)).toMatchObject({
      orderedQuantity: '10.0',
      cumulativePreviousQuantity: '0.0',
      quantity: '3.0',
      cumulativeQuantity: '3.0',
      total: lineTotal(0, '3').toFixed(2),
      overOrdered: false,
      lineId: expect.any(Number),
    });
    const all = await suite.fx.json(await send('GET', `/api/attachement/${id}/prestations?displayAll=true`));
    expect(all.length).toBe(suite.prices.length);
    const attached = await suite.fx.json(
      await send('GET', `/api/attachement/${id}/prestations?onlyAttached=true&sort=code,desc`),
    );
    expect(attached).toHaveLength(1);
    expect((await send('GET', `/api/attachement/${id}/prestations?sort=nope,asc`)).statusCode).toBe(400);

    const bpu = await suite.fx.json(await send('GET', `/api/bpu/${suite.market.bpuId}/attachement/prestations`));
    expect(bpu).toHaveLength(suite.prices.length);
    expect(bpu[0]).toEqual(expect.objectContaining({ prestation: expect.any(Number), unitPrice: expect.any(String) }));
  });

  it('exports the lines for French Excel and imports this time’s quantities back', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10', '4']);
    const id = await suite.fx.attachment(order);
    const exported = await send('POST', `/api/attachement/${id}/export`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(exported.body);
    expect(rows[0]).toEqual([...ATTACHMENT_CSV_HEADERS]);
    expect(rows).toHaveLength(3);
    const quantityColumn = ATTACHMENT_CSV_HEADERS.indexOf('Quantité');
    const edited = rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === quantityColumn ? (index === 1 ? '2,5' : '1') : cell)),
    );
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: IMPORT_SUCCESS_MESSAGE, updated: 2 });
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(2);
    const again = csvRows((await send('POST', `/api/attachement/${id}/export`, {})).body);
    expect(
      again
        .slice(1)
        .map((row) => row[quantityColumn])
        .sort(),
    ).toEqual(['1,0', '2,5']);
  });

  it('exports in the BPU layout and reads that file back too', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '4' }]);
    const exported = await send('POST', `/api/attachement/${id}/export/bpu`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = csvRows(exported.body);
    expect(rows[0]).toEqual([...ATTACHMENT_BPU_CSV_HEADERS]);
    expect(rows).toHaveLength(suite.prices.length + 1);
    const quantityColumn = ATTACHMENT_BPU_CSV_HEADERS.indexOf('Quantité');
    expect(rows.filter((row) => row[quantityColumn] === '4,0')).toHaveLength(1);
    const edited = rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === quantityColumn ? '1' : cell)),
    );
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode, response.body).toBe(200);
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(suite.prices.length);
  });

  it('refuses a faulty file with its line numbers and writes nothing', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10', '4']);
    const id = await suite.fx.attachment(order);
    const rows = csvRows((await send('POST', `/api/attachement/${id}/export`, {})).body);
    const quantityColumn = ATTACHMENT_CSV_HEADERS.indexOf('Quantité');
    const codeColumn = ATTACHMENT_CSV_HEADERS.indexOf('Code');
    const withQuantity = (row: string[] | undefined, quantity: string) =>
      (row ?? []).map((cell, column) => (column === quantityColumn ? quantity : cell));
    const badQuantity = [rows[0] ?? [], withQuantity(rows[1], '2'), withQuantity(rows[2], '1,3')];
    const first = await importFile(id, importForm(csvFile(badQuantity)));
    expect(first.statusCode).toBe(400);
    expect(first.json().detail).toContain('Ligne 3');
    expect(first.json().detail).toContain(ORDER_QUANTITY_INVALID_MESSAGE);
    const unknownCode = [
      rows[0] ?? [],
      withQuantity(rows[1], '2'),
      (rows[2] ?? []).map((cell, column) => (column === codeColumn ? 'INCONNU' : cell)),
    ];
    const second = await importFile(id, importForm(csvFile(unknownCode)));
    expect(second.json().errors).toEqual([expect.stringMatching(/^Ligne 3 : .*INCONNU/)]);
    const duplicated = [rows[0] ?? [], withQuantity(rows[1], '2'), withQuantity(rows[1], '3')];
    const third = await importFile(id, importForm(csvFile(duplicated)));
    expect(third.json().detail).toContain('figure déjà à la ligne 2');
    const header = await importFile(
      id,
      importForm(
        csvFile([
          ['Code', 'Quantité'],
          ['X', '1'],
        ]),
      ),
    );
    expect(header.statusCode).toBe(400);
    expect(header.json().detail).toContain('En-tête de fichier inattendu');
    const notCsv = await importFile(id, importForm(Buffer.from('%PDF-1.4'), 'attachement.pdf'));
    expect(notCsv.statusCode).toBe(400);
    expect(await countRows(suite.db, attachmentLines, eq(attachmentLines.attachmentId, id))).toBe(0);
  });
});
