import {
  BPU_TEMPLATE_CSV_HEADERS,
  CSV_ONLY_MESSAGE,
  IMPORT_SUCCESS_MESSAGE,
  MESSAGES_FR,
  type PrestationRecord,
} from '@isf/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestations, tasks } from '../src/db/schema/index.js';
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

const HEADER = [...BPU_TEMPLATE_CSV_HEADERS];

/** A template whose prestations have a known default order: top-only first, then by parent, category, designation. */
async function sortedTemplate() {
  const template = await make.template();
  const prefix = uniqueName('T');
  const parentA = await make.category(`${prefix}-A`);
  const parentB = await make.category(`${prefix}-B`);
  const a1 = await make.category('1-sous', parentA);
  const a2 = await make.category('2-sous', parentA);
  const b1 = await make.category('1-sous', parentB);
  const codes = {
    b1: await make.prestation(template, parentB, { subcategory: b1, code: `${prefix}-E`, description: 'a' }),
    a2: await make.prestation(template, parentA, { subcategory: a2, code: `${prefix}-D`, description: 'a' }),
    a1z: await make.prestation(template, parentA, { subcategory: a1, code: `${prefix}-C`, description: 'z' }),
    a1a: await make.prestation(template, parentA, { subcategory: a1, code: `${prefix}-B`, description: 'a' }),
    top: await make.prestation(template, parentB, { code: `${prefix}-A`, description: 'Directe' }),
  };
  return { template, prefix, expected: [codes.top, codes.a1a, codes.a1z, codes.a2, codes.b1] };
}

async function importFile(templateId: number, content: Buffer, fileName = 'import.csv') {
  const form = importForm(content, fileName);
  return inject(testApp.app, {
    method: 'POST',
    url: `/api/bputemplate/${templateId}/import`,
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
}

function templateCount(templateId: number) {
  return countRows(testApp.db, prestations, eq(prestations.bpuTemplateId, templateId));
}

describe('BPU templates', () => {
  it('creates, reads, renames and deletes a template; the name is required and unique', async () => {
    const name = uniqueName('Modèle FTTH');
    const create = await make.send('POST', '/api/bputemplate', { name: ` ${name} ` });
    expect(create.json()).toEqual({ success: true, id: expect.any(Number) });
    const id = create.json().id;
    expect((await make.send('GET', `/api/bputemplate/${id}`)).json()).toEqual({ id, version: 1, name });
    const blank = await make.send('POST', '/api/bputemplate', { name: '' });
    expect(blank.json().fields.name).toBe(MESSAGES_FR['validation.required']);
    expect((await make.send('POST', '/api/bputemplate', { name })).json().error).toBe(MESSAGES_FR['error.duplicate']);

    const renamed = await make.send('PUT', `/api/bputemplate/${id}`, { name: `${name} bis`, version: 1 });
    expect(renamed.json().record).toMatchObject({ name: `${name} bis`, version: 2 });
    expect((await make.send('PUT', `/api/bputemplate/${id}`, { name: 'x', version: 1 })).statusCode).toBe(409);
    const all = (await make.send('GET', '/api/bputemplates/list')).json();
    expect(all).toContainEqual({ id, name: `${name} bis` });
    const paged = await make.send('GET', `/api/bputemplates?filters=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`);
    expect(paged.json().content).toEqual([{ id, name: `${name} bis`, prestationCount: 0 }]);

    await make.prestation(id, await make.category());
    expect((await make.send('DELETE', `/api/bputemplate/${id}`)).statusCode).toBe(200);
    expect(await templateCount(id)).toBe(0);
  });

  it('refuses to delete a template that a BPU uses', async () => {
    const id = await make.template();
    await make.bpu(id);
    expect((await make.send('DELETE', `/api/bputemplate/${id}`)).statusCode).toBe(422);
  });

  it("lists the editor's units, references and types", async () => {
    for (const [url, name] of [
      ['/api/bputemplates/units', 'Mètre linéaire'],
      ['/api/bputemplates/prestationreferences', 'Tirage câble'],
      ['/api/bputemplates/prestationtypes', 'Fourniture'],
    ]) {
      const rows = (await make.send('GET', url ?? '')).json();
      expect(rows).toContainEqual({ id: expect.any(Number), name });
    }
  });

  it('lists its prestations by parent category, category and designation unless sorted otherwise', async () => {
    const { template, expected } = await sortedTemplate();
    const rows = (await make.send('GET', `/api/bputemplate/${template}/prestations`)).json<PrestationRecord[]>();
    expect(rows.map((row) => row.id)).toEqual(expected);
    expect(rows[0]).toMatchObject({ subcategory: null, categoryParentName: null });
    const byCode = (await make.send('GET', `/api/bputemplate/${template}/prestations?sort=code,desc`)).json<PrestationRecord[]>();
    expect(byCode.map((row) => row.id)).toEqual([...expected].reverse());
    expect((await make.send('GET', `/api/bputemplate/${template}/prestations?sort=cost;drop,asc`)).statusCode).toBe(400);
    expect((await make.send('GET', '/api/bputemplate/999999/prestations')).statusCode).toBe(404);
  });
});

describe('BPU template CSV export', () => {
  it('downloads a form post with a token: BOM, semicolons, CRLF, header, rows in the default order', async () => {
    const { template, prefix } = await sortedTemplate();
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bputemplate/${template}/export`,
      payload: `token=${encodeURIComponent(admin)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`modele-bpu-${template}.csv`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toBe(`\ufeff${HEADER.join(';')}`);
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['A', 'B', 'C', 'D', 'E'].map((letter) => `${prefix}-${letter}`));
    expect(rows[1]).toEqual(['Soudure', '', `${prefix}-B`, `${prefix}-A`, 'Directe', 'Unité', "Main d'œuvre"]);
    expect(rows[2]).toEqual(['Soudure', `${prefix}-A`, '1-sous', `${prefix}-B`, 'a', 'Unité', "Main d'œuvre"]);

    const sorted = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bputemplate/${template}/export?sort=code,desc`,
      payload: { token: admin },
    });
    expect(csvRows(sorted.body)[1]?.[3]).toBe(`${prefix}-E`);
    const anonymous = await inject(testApp.app, { method: 'POST', url: `/api/bputemplate/${template}/export`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('BPU template CSV import', () => {
  async function importable() {
    const template = await make.template();
    const parent = uniqueName('Génie civil');
    const top = await make.category(parent);
    await make.category('Tranchée', top);
    const existing = await make.prestation(template, top, { code: 'GC-001', description: 'Ancienne désignation' });
    return { template, parent, existing };
  }

  it('creates new codes and updates known ones, and a second import of the export changes nothing', async () => {
    const { template, parent, existing } = await importable();
    const file = csvFile([
      HEADER,
      ['Pose chambre', parent, 'Tranchée', 'GC-001', 'Tranchée sous chaussée', 'Mètre linéaire', 'Sous-traitance'],
      ['tirage CABLE', '', parent.toUpperCase(), 'GC-002', '=Formule neutralisée', 'metre lineaire', 'fourniture'],
      ['Soudure', parent, 'tranchee', 'GC-003', 'Soudure; en "chambre"', 'Unité', "Main d'œuvre"],
    ]);
    const response = await importFile(template, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: IMPORT_SUCCESS_MESSAGE, created: 2, updated: 1 });
    const updated = (await make.send('GET', `/api/prestation/${existing}`)).json<PrestationRecord>();
    expect(updated).toMatchObject({
      description: 'Tranchée sous chaussée',
      unitName: 'Mètre linéaire',
      categoryName: 'Tranchée',
      version: 2,
    });
    const rows = (await make.send('GET', `/api/bputemplate/${template}/prestations?sort=code,asc`)).json<PrestationRecord[]>();
    expect(rows.map((row) => [row.code, row.description, row.categoryParentName, row.categoryName])).toEqual([
      ['GC-001', 'Tranchée sous chaussée', parent, 'Tranchée'],
      ['GC-002', '=Formule neutralisée', null, parent],
      ['GC-003', 'Soudure; en "chambre"', parent, 'Tranchée'],
    ]);

    const exported = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bputemplate/${template}/export`,
      payload: { token: admin },
    });
    expect(exported.body).toContain("'=Formule neutralisée");
    const again = await importFile(template, exported.rawPayload);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
  });

  it('reads a file saved in Windows-1252 by an older Excel', async () => {
    const { template, parent } = await importable();
    const text = `${HEADER.join(';')}\r\nSoudure;${parent};Tranchée;GC-009;Épissure “n°1”;Unité;Main d'œuvre\r\n`;
    const special: Record<string, number> = { œ: 0x9c, '“': 0x93, '”': 0x94 };
    const windows1252 = Buffer.from([...text].map((character) => special[character] ?? character.charCodeAt(0)));
    expect(windows1252.every((byte) => byte <= 0xff)).toBe(true);
    const response = await importFile(template, windows1252);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created).toBe(1);
    const [row] = (await make.send('GET', `/api/bputemplate/${template}/prestations?sort=code,desc`)).json<PrestationRecord[]>();
    expect(row).toMatchObject({ code: 'GC-009', description: 'Épissure “n°1”', typeName: "Main d'œuvre" });
  });

  it('refuses a bad file with a clear message naming the lines, and writes nothing', async () => {
    const { template, parent } = await importable();
    const good = ['Soudure', parent, 'Tranchée', 'GC-100', 'Bonne ligne', 'Unité', 'Fourniture'];
    const cases: [string, Buffer, string, string][] = [
      [
        'wrong header',
        csvFile([
          ['Code', 'Designation'],
          ['GC-100', 'x'],
        ]),
        'import.csv',
        'En-tête de fichier inattendu',
      ],
      [
        'unknown unit',
        csvFile([HEADER, good, ['Soudure', parent, 'Tranchée', 'GC-101', 'x', 'Mètre cube', 'Fourniture']]),
        'import.csv',
        'Ligne 3 : unité « Mètre cube » inconnue.',
      ],
      [
        'unknown reference, subcategory and type',
        csvFile([HEADER, ['Inconnue', parent, 'Inconnue', 'GC-102', 'x', 'Unité', 'Autre']]),
        'import.csv',
        'Ligne 2 : référence « Inconnue » inconnue. Ligne 2 : type « Autre » inconnu. Ligne 2 : sous-catégorie « Inconnue » inconnue',
      ],
      [
        'repeated code and missing designation',
        csvFile([HEADER, good, ['Soudure', parent, '', 'GC-100', '', 'Unité', 'Fourniture']]),
        'import.csv',
        'Ligne 3 : le code « GC-100 » figure déjà à la ligne 2. Ligne 3 : la désignation est obligatoire.',
      ],
      ['uneven columns', csvFile([HEADER, good, ['Soudure', 'GC-103']]), 'import.csv', 'Fichier CSV illisible à la ligne 3'],
      ['a PDF named .csv', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'), 'prix.csv', CSV_ONLY_MESSAGE],
      ['a binary named .csv', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), 'prix.csv', CSV_ONLY_MESSAGE],
      ['a CSV named .txt', csvFile([HEADER, good]), 'prix.txt', CSV_ONLY_MESSAGE],
      ['a file without lines', csvFile([]), 'import.csv', 'Le fichier est vide.'],
    ];
    const before = await templateCount(template);
    for (const [name, content, fileName, message] of cases) {
      const response = await importFile(template, content, fileName);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().detail, name).toContain(message);
      expect(await templateCount(template), name).toBe(before);
    }
    const form = importForm(Buffer.from(''));
    const noFile = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bputemplate/${template}/import`,
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toContain('Aucun fichier sélectionné.');
  });

  it('imports 20,000 lines in batches, the task showing its progress, and refuses one line more or 5 Mo', async () => {
    const { template, parent } = await importable();
    const line = (index: number) => ['Soudure', parent, 'Tranchée', `L-${index}`, `Ligne ${index}`, 'Unité', 'Fourniture'];
    const lines = Array.from({ length: 20_000 }, (_, index) => line(index));
    const response = await importFile(template, csvFile([HEADER, ...lines]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 20_000, updated: 0 });
    // importable() made one prestation already
    expect(await templateCount(template)).toBe(20_001);
    const [task] = await testApp.db
      .select({ status: tasks.status, events: tasks.events })
      .from(tasks)
      .where(and(eq(tasks.objectName, 'bpu_template'), eq(tasks.objectId, template)))
      .orderBy(desc(tasks.id))
      .limit(1);
    expect(task?.status).toBe('SUCCESS');
    const progress = (task?.events ?? []).filter((event) => event.name === 'Progression').map((event) => event.description);
    expect(progress).toHaveLength(20);
    expect(progress[0]).toBe('1\u202f000 ligne(s) sur 20\u202f000 enregistrée(s) (5 %)');
    expect(progress.at(-1)).toBe('20\u202f000 ligne(s) sur 20\u202f000 enregistrée(s) (100 %)');
    // a large import refreshes the planner statistics of the table it wrote (issue 14)
    const statistics = await testApp.db.execute(sql`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'prestations'`);
    expect((statistics as unknown as { rows: { rows: number }[] }).rows[0]?.rows).toBeGreaterThanOrEqual(20_000);

    const tooMany = await importFile(template, csvFile([HEADER, ...lines, line(20_000)]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('Le fichier dépasse 20\u202f000 lignes.');
    const tooBig = await importFile(template, Buffer.concat([csvFile([HEADER]), Buffer.alloc(5 * 1024 * 1024, 'a')]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe('Le fichier dépasse la taille maximale de 5 Mo.');
    expect(await templateCount(template)).toBe(20_001);
  });
});
