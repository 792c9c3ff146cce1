import {
  BPU_CSV_HEADERS,
  BPU_LOCKED_MESSAGE,
  type BpuPrestationLine,
  COST_INVALID_MESSAGE,
  CSV_ONLY_MESSAGE,
  IMPORT_SUCCESS_MESSAGE,
  MESSAGES_FR,
  PRESTATION_OUTSIDE_TEMPLATE_MESSAGE,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpus, prestationPrices } from '../src/db/schema/index.js';
import { countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { csvFile, csvRows, importForm, priceScheduleFixtures } from './price-schedules-fixtures.js';

let testApp: TestApp;
let admin: string;
let make: ReturnType<typeof priceScheduleFixtures>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  make = priceScheduleFixtures(testApp.app, () => admin);
});

afterAll(async () => {
  await testApp?.close();
});

/** A BPU on a new template of three prestations (codes P1 < P2 < P3 in the default order). */
async function pricedSetup() {
  const template = await make.template();
  const top = await make.category(uniqueName('Catégorie'));
  const prefix = uniqueName('P');
  const ids = [
    await make.prestation(template, top, { code: `${prefix}-1`, description: 'a' }),
    await make.prestation(template, top, { code: `${prefix}-2`, description: 'b' }),
    await make.prestation(template, top, { code: `${prefix}-3`, description: 'c' }),
  ];
  const bpu = await make.bpu(template);
  return { template, bpu, ids, codes: [1, 2, 3].map((number) => `${prefix}-${number}`) };
}

async function lines(bpu: number): Promise<BpuPrestationLine[]> {
  const response = await make.send('GET', `/api/bpu/${bpu}/prestations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function version(bpu: number): Promise<number> {
  return (await make.send('GET', `/api/bpu/${bpu}`)).json().version;
}

function save(bpu: number, body: object) {
  return make.send('PUT', `/api/bpu/${bpu}`, { name: 'BPU', ...body });
}

function priceRows(bpu: number) {
  return countRows(testApp.db, prestationPrices, eq(prestationPrices.bpuId, bpu));
}

async function importPrices(bpu: number, content: Buffer, fileName = 'prix.csv') {
  const form = importForm(content, fileName);
  return inject(testApp.app, {
    method: 'POST',
    url: `/api/bpu/${bpu}/import`,
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
}

async function lock(bpu: number) {
  await testApp.db.update(bpus).set({ locked: true }).where(eq(bpus.id, bpu));
}

describe('BPU', () => {
  it('creates a BPU with a name, a template and a market; all three are required', async () => {
    const template = await make.template();
    const market = await make.market();
    const create = await make.send('POST', '/api/bpu', { name: ' BPU lot 1 ', bpuTemplate: template, market });
    expect(create.json()).toEqual({ success: true, id: expect.any(Number) });
    const detail = (await make.send('GET', `/api/bpu/${create.json().id}`)).json();
    expect(detail).toMatchObject({ name: 'BPU lot 1', bpuTemplate: template, market, locked: false, version: 1 });
    const cases: [object, string, string][] = [
      [{ name: 'x', bpuTemplate: template }, 'market', MESSAGES_FR['validation.selectItem']],
      [{ name: 'x', bpuTemplate: template, market: 999_999 }, 'market', MESSAGES_FR['validation.selectItem']],
      [{ bpuTemplate: template }, 'name', MESSAGES_FR['validation.required']],
      [{ name: 'x' }, 'bpuTemplate', MESSAGES_FR['validation.selectItem']],
      [{ name: 'x', bpuTemplate: 999_999, market }, 'bpuTemplate', MESSAGES_FR['validation.selectItem']],
    ];
    for (const [payload, field, message] of cases) {
      const response = await make.send('POST', '/api/bpu', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    const list = await make.send(
      'GET',
      `/api/bpus?filters=${encodeURIComponent(JSON.stringify({ bpuTemplateId: String(template) }))}`,
    );
    expect(list.json().content).toEqual([expect.objectContaining({ id: create.json().id, marketId: market, locked: false })]);
  });

  it('lists every template prestation with a "0" cost and a null id until priced', async () => {
    const { bpu, ids, codes } = await pricedSetup();
    const rows = await lines(bpu);
    expect(rows.map((row) => row.code)).toEqual(codes);
    expect(rows[0]).toEqual({
      id: ids[0],
      code: codes[0],
      description: 'a',
      referenceName: 'Soudure',
      categoryParentName: null,
      categoryName: expect.stringContaining('Catégorie'),
      unit: 'Unité',
      unitName: 'Unité',
      typeName: "Main d'œuvre",
      locked: false,
      prestationSST: { id: null, cost: '0', bpuSST: bpu, prestation: ids[0] },
    });
    const sorted = await make.send('GET', `/api/bpu/${bpu}/prestations?sort=description,desc`);
    expect(sorted.json().map((row: BpuPrestationLine) => row.code)).toEqual([...codes].reverse());
  });

  it('saves a price line only when its cost is not zero or empty, or when it already exists', async () => {
    const { bpu, ids } = await pricedSetup();
    const [first, second, third] = ids as [number, number, number];
    const saved = await save(bpu, {
      version: 1,
      prestationSSTs: [
        { id: null, prestation: first, cost: '0' },
        { id: null, prestation: second, cost: '' },
        { id: null, prestation: third, cost: '12,5' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record.version).toBe(2);
    expect(await priceRows(bpu)).toBe(1);
    const priced = (await lines(bpu)).find((row) => row.id === third);
    expect(priced?.prestationSST).toEqual({ id: expect.any(Number), cost: '12.50', bpuSST: bpu, prestation: third });

    const zeroed = await save(bpu, {
      version: 2,
      prestationSSTs: [{ id: priced?.prestationSST.id, prestation: third, cost: '0' }],
    });
    expect(zeroed.statusCode, zeroed.body).toBe(200);
    expect(await priceRows(bpu)).toBe(1);
    expect((await lines(bpu)).find((row) => row.id === third)?.prestationSST.cost).toBe('0.00');
  });

  it('keeps costs exact to the cent and refuses more than two decimals, negatives and text', async () => {
    const { bpu, ids } = await pricedSetup();
    const [first, second, third] = ids as [number, number, number];
    const saved = await save(bpu, {
      version: 1,
      prestationSSTs: [
        { prestation: first, cost: '0.10' },
        { prestation: second, cost: '0.20' },
        { prestation: third, cost: '999999999999.99' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const costs = (await lines(bpu)).map((row) => row.prestationSST.cost);
    expect(costs).toEqual(['0.10', '0.20', '999999999999.99']);
    const [sum] = await testApp.db
      .select({ total: sql<string>`sum(${prestationPrices.cost})::text` })
      .from(prestationPrices)
      .where(sql`${prestationPrices.bpuId} = ${bpu} AND ${prestationPrices.cost} < 1`);
    expect(sum?.total).toBe('0.30');

    for (const cost of ['1.005', '-1', 'abc', '1e3', '0.1.2', '1000000000000']) {
      const response = await save(bpu, { version: 2, prestationSSTs: [{ prestation: first, cost }] });
      expect(response.statusCode, cost).toBe(400);
      expect(response.json().fields['prestationSSTs.0.cost'], cost).toBe(COST_INVALID_MESSAGE);
    }
    expect(await version(bpu)).toBe(2);
    expect((await lines(bpu)).map((row) => row.prestationSST.cost)).toEqual(costs);
  });

  it('refuses price lines of another template or of another BPU, and stale versions', async () => {
    const { bpu, ids } = await pricedSetup();
    const other = await pricedSetup();
    const outside = await save(bpu, { version: 1, prestationSSTs: [{ prestation: other.ids[0], cost: '5' }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(PRESTATION_OUTSIDE_TEMPLATE_MESSAGE);
    await save(other.bpu, { version: 1, prestationSSTs: [{ prestation: other.ids[0], cost: '5' }] });
    const otherLine = (await lines(other.bpu))[0]?.prestationSST.id;
    const foreignLine = await save(bpu, { version: 1, prestationSSTs: [{ id: otherLine, prestation: ids[0], cost: '5' }] });
    expect(foreignLine.statusCode).toBe(400);
    expect(await priceRows(bpu)).toBe(0);

    expect((await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[0], cost: '1' }] })).statusCode).toBe(200);
    const stale = await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[1], cost: '2' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: MESSAGES_FR['error.staleVersion'], currentVersion: 2 });
    expect(await priceRows(bpu)).toBe(1);
  });

  it('refuses to update, delete or import into a locked BPU', async () => {
    const { bpu, ids, codes } = await pricedSetup();
    await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[0], cost: '7' }] });
    await lock(bpu);
    expect((await lines(bpu)).every((row) => row.locked)).toBe(true);
    const update = await save(bpu, { version: 2, prestationSSTs: [{ prestation: ids[0], cost: '8' }] });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toEqual({ error: BPU_LOCKED_MESSAGE, detail: BPU_LOCKED_MESSAGE });
    const remove = await make.send('DELETE', `/api/bpu/${bpu}`);
    expect(remove.statusCode).toBe(422);
    const imported = await importPrices(
      bpu,
      csvFile([
        ['Code', 'Prix'],
        [codes[0] ?? '', '9'],
      ]),
    );
    expect(imported.statusCode).toBe(422);
    expect(imported.json().error).toBe(BPU_LOCKED_MESSAGE);
    expect((await lines(bpu))[0]?.prestationSST.cost).toBe('7.00');
    expect(await version(bpu)).toBe(2);
  });

  it('deletes an unlocked BPU with its price lines', async () => {
    const { bpu, ids } = await pricedSetup();
    await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[0], cost: '7' }] });
    expect((await make.send('DELETE', `/api/bpu/${bpu}`)).statusCode).toBe(200);
    expect(await priceRows(bpu)).toBe(0);
    expect((await make.send('GET', `/api/bpu/${bpu}`)).statusCode).toBe(404);
  });
});

describe('BPU CSV', () => {
  it('exports every template prestation with its price in French decimals', async () => {
    const { bpu, ids, codes } = await pricedSetup();
    await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[1], cost: '1234.5' }] });
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bpu/${bpu}/export`,
      payload: `token=${encodeURIComponent(admin)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain('\r\n');
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual([...BPU_CSV_HEADERS]);
    expect(rows.slice(1).map((row) => [row[3], row[7]])).toEqual([
      [codes[0], '0,00'],
      [codes[1], '1234,50'],
      [codes[2], '0,00'],
    ]);
  });

  it('imports Code;Prix lines as prices, leaves empty prices alone and re-imports its own export', async () => {
    const { bpu, ids, codes } = await pricedSetup();
    await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[2], cost: '3' }] });
    const response = await importPrices(
      bpu,
      csvFile([
        ['Code', 'Prix'],
        [codes[0] ?? '', '1 234,56'],
        [codes[1] ?? '', '0'],
        [codes[2] ?? '', ''],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: IMPORT_SUCCESS_MESSAGE, created: 0, updated: 1 });
    expect((await lines(bpu)).map((row) => row.prestationSST.cost)).toEqual(['1234.56', '0', '3.00']);
    expect(await priceRows(bpu)).toBe(2);
    expect(await version(bpu)).toBe(3);
    const stale = await save(bpu, { version: 2, prestationSSTs: [] });
    expect(stale.statusCode).toBe(409);

    const exported = await inject(testApp.app, { method: 'POST', url: `/api/bpu/${bpu}/export`, payload: { token: admin } });
    const again = await importPrices(bpu, exported.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().updated).toBe(0);
  });

  it('refuses a bad price file with the faulty lines and writes nothing', async () => {
    const { bpu, ids, codes } = await pricedSetup();
    await save(bpu, { version: 1, prestationSSTs: [{ prestation: ids[0], cost: '5' }] });
    const cases: [string, Buffer, string, string][] = [
      [
        'non-numeric cost',
        csvFile([
          ['Code', 'Prix'],
          [codes[1] ?? '', '12'],
          [codes[0] ?? '', 'douze'],
        ]),
        'prix.csv',
        'Ligne 3 : prix « douze » invalide',
      ],
      [
        'three decimals',
        csvFile([
          ['Code', 'Prix'],
          [codes[0] ?? '', '1,005'],
        ]),
        'prix.csv',
        'Ligne 2 : prix « 1,005 » invalide',
      ],
      [
        'negative',
        csvFile([
          ['Code', 'Prix'],
          [codes[0] ?? '', '-3'],
        ]),
        'prix.csv',
        'Ligne 2 : prix « -3 » invalide',
      ],
      [
        'unknown code',
        csvFile([
          ['Code', 'Prix'],
          ['INCONNU', '3'],
        ]),
        'prix.csv',
        'Ligne 2 : code « INCONNU » inconnu',
      ],
      [
        'wrong header',
        csvFile([
          ['Référence', 'Montant'],
          [codes[0] ?? '', '3'],
        ]),
        'prix.csv',
        'une colonne « Code » et une colonne « Prix »',
      ],
      ['a PDF named .csv', Buffer.from('%PDF-1.7\n%%EOF\n'), 'prix.csv', CSV_ONLY_MESSAGE],
      ['an image named .csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'prix.csv', CSV_ONLY_MESSAGE],
    ];
    for (const [name, content, fileName, message] of cases) {
      const response = await importPrices(bpu, content, fileName);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().detail, name).toContain(message);
    }
    expect((await lines(bpu)).map((row) => row.prestationSST.cost)).toEqual(['5.00', '0', '0']);
    expect(await priceRows(bpu)).toBe(1);
    expect(await version(bpu)).toBe(2);
  });

  it('imports 20,000 prices in batches and refuses one line more or 5 Mo', async () => {
    const template = await make.template();
    const top = await make.category(uniqueName('Catégorie'));
    const choices = await make.choices();
    // 20,000 prestations written at once: the template import has its own 20,000-line test
    await testApp.db.execute(sql`INSERT INTO prestations (bpu_template_id, reference_id, category_id, unit_id, type_id, code, description)
      SELECT ${template}, ${choices.reference}, ${top}, ${choices.unit}, ${choices.type}, 'G-' || lpad(n::text, 5, '0'), 'Ligne ' || n
      FROM generate_series(0, 19999) AS n`);
    const bpu = await make.bpu(template);
    const code = (index: number) => `G-${String(index).padStart(5, '0')}`;
    // every price differs: 1,00 to 200,00 with a line's own cents
    const cost = (index: number) => `${Math.floor(index / 100) + 1},${String(index % 100).padStart(2, '0')}`;
    const lines = Array.from({ length: 20_000 }, (_, index) => [code(index), cost(index)]);
    const response = await importPrices(bpu, csvFile([['Code', 'Prix'], ...lines]));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json()).toMatchObject({ updated: 20_000 });
    const saved = await testApp.db.execute(sql`SELECT p.code, pp.cost::text AS cost FROM prestation_prices pp
      JOIN prestations p ON p.id = pp.prestation_id WHERE pp.bpu_id = ${bpu} ORDER BY p.code`);
    const rows = (saved as unknown as { rows: { code: string; cost: string }[] }).rows;
    expect(rows).toHaveLength(20_000);
    expect(rows).toEqual(lines.map(([line, price]) => ({ code: line, cost: price?.replace(',', '.') })));

    const tooMany = await importPrices(bpu, csvFile([['Code', 'Prix'], ...lines, [code(0), '9,99']]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('Le fichier dépasse 20\u202f000 lignes.');
    const tooBig = await importPrices(bpu, Buffer.concat([csvFile([['Code', 'Prix']]), Buffer.alloc(5 * 1024 * 1024, 'a')]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe('Le fichier dépasse la taille maximale de 5 Mo.');
    expect(await priceRows(bpu)).toBe(20_000);
    const [first] = (
      (await testApp.db.execute(
        sql`SELECT pp.cost::text AS cost FROM prestation_prices pp JOIN prestations p ON p.id = pp.prestation_id
          WHERE pp.bpu_id = ${bpu} AND p.code = ${code(0)} ORDER BY pp.id`,
      )) as unknown as { rows: { cost: string }[] }
    ).rows;
    expect(first?.cost).toBe('1.00');
  }, 300_000);
});
