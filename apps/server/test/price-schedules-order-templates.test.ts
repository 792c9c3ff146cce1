import { MESSAGES_FR, type OrderTemplateTree, PRESTATION_OUTSIDE_TEMPLATE_MESSAGE } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTemplatePrestations } from '../src/db/schema/index.js';
import { countRows, createTestApp, inject, login, type TestApp, tokenFor, uniqueName, userIdOf } from './helper.js';
import { priceScheduleFixtures } from './price-schedules-fixtures.js';

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

type OrderTemplate = {
  id: number;
  version: number;
  name: string;
  bpuTemplate: number;
  prestations: number[];
  tree: OrderTemplateTree;
};

async function setup() {
  const template = await make.template();
  const prefix = uniqueName('OT');
  const raccordement = await make.category(`${prefix}-Raccordement`);
  const aerien = await make.category('Aérien', raccordement);
  const distribution = await make.category(`${prefix}-Distribution`);
  const ids = {
    direct: await make.prestation(template, raccordement, { description: 'Direct' }),
    aerienB: await make.prestation(template, raccordement, { subcategory: aerien, description: 'B' }),
    aerienA: await make.prestation(template, raccordement, { subcategory: aerien, description: 'A' }),
    pbo: await make.prestation(template, distribution, { description: 'PBO' }),
  };
  const orderTemplate = await make.created('/api/orderTemplate/create', { name: uniqueName('Modèle OS'), bpuTemplate: template });
  return { template, prefix, raccordement, aerien, distribution, ids, orderTemplate };
}

async function read(id: number): Promise<OrderTemplate> {
  const response = await make.send('GET', `/api/orderTemplate/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('order templates', () => {
  it('requires a name and a known BPU template on creation', async () => {
    const template = await make.template();
    const cases: [object, string, string][] = [
      [{ bpuTemplate: template }, 'name', MESSAGES_FR['validation.required']],
      [{ name: 'x' }, 'bpuTemplate', MESSAGES_FR['validation.selectItem']],
      [{ name: 'x', bpuTemplate: 999_999 }, 'bpuTemplate', MESSAGES_FR['validation.selectItem']],
    ];
    for (const [payload, field, message] of cases) {
      const response = await make.send('POST', '/api/orderTemplate/create', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
  });

  it('shows the prestations of its BPU template grouped by parent category, then subcategory', async () => {
    const { prefix, raccordement, aerien, distribution, ids, orderTemplate, template } = await setup();
    const detail = await read(orderTemplate);
    expect(detail).toMatchObject({ version: 1, bpuTemplate: template, prestations: [] });
    const line = (id: number, description: string) =>
      expect.objectContaining({ id, description, unitName: 'Unité', selected: false });
    expect(detail.tree).toEqual([
      {
        parentCategory: { id: distribution, name: `${prefix}-Distribution` },
        categories: [{ category: null, prestations: [line(ids.pbo, 'PBO')] }],
      },
      {
        parentCategory: { id: raccordement, name: `${prefix}-Raccordement` },
        categories: [
          { category: null, prestations: [line(ids.direct, 'Direct')] },
          { category: { id: aerien, name: 'Aérien' }, prestations: [line(ids.aerienA, 'A'), line(ids.aerienB, 'B')] },
        ],
      },
    ]);
  });

  it('saves a selection of its template prestations, never of another template, and refuses stale versions', async () => {
    const { ids, orderTemplate, template } = await setup();
    const other = await setup();
    const saved = await make.send('PUT', `/api/orderTemplate/${orderTemplate}`, {
      name: 'Raccordement aérien',
      prestations: [ids.aerienB, ids.aerienA, ids.aerienA],
      version: 1,
      bpuTemplate: other.template,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({
      name: 'Raccordement aérien',
      version: 2,
      bpuTemplate: template,
      prestations: [ids.aerienB, ids.aerienA].sort((left, right) => left - right),
    });
    const selected = (await read(orderTemplate)).tree.flatMap((group) =>
      group.categories.flatMap((category) => category.prestations.filter((row) => row.selected).map((row) => row.id)),
    );
    expect(selected.sort()).toEqual([ids.aerienA, ids.aerienB].sort());

    const foreign = await make.send('PUT', `/api/orderTemplate/${orderTemplate}`, {
      name: 'x',
      prestations: [ids.pbo, other.ids.pbo],
      version: 2,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.prestations).toBe(PRESTATION_OUTSIDE_TEMPLATE_MESSAGE);
    const stale = await make.send('PUT', `/api/orderTemplate/${orderTemplate}`, { name: 'x', prestations: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await read(orderTemplate)).prestations).toHaveLength(2);
  });

  it('lists templates with their prestation count, forgets deleted prestations, and deletes', async () => {
    const { ids, orderTemplate, template } = await setup();
    await make.send('PUT', `/api/orderTemplate/${orderTemplate}`, {
      name: 'Liste',
      prestations: [ids.pbo, ids.direct],
      version: 1,
    });
    const list = await make.send(
      'GET',
      `/api/orderTemplates?filters=${encodeURIComponent(JSON.stringify({ id: String(orderTemplate) }))}`,
    );
    expect(list.json().content).toEqual([
      { id: orderTemplate, name: 'Liste', bpuTemplateId: template, bpuTemplateName: expect.any(String), prestationCount: 2 },
    ]);
    expect((await make.send('DELETE', `/api/bputemplate/${template}`)).statusCode).toBe(422);
    expect((await make.send('DELETE', `/api/prestation/${ids.pbo}`)).statusCode).toBe(200);
    expect((await read(orderTemplate)).prestations).toEqual([ids.direct]);
    expect((await make.send('DELETE', `/api/orderTemplate/${orderTemplate}/delete`)).statusCode).toBe(200);
    expect(
      await countRows(testApp.db, orderTemplatePrestations, eq(orderTemplatePrestations.orderTemplateId, orderTemplate)),
    ).toBe(0);
    expect((await make.send('GET', `/api/orderTemplate/${orderTemplate}`)).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('gives the Acheteur profile the price-schedule menus and rights, over a seeded FTTH template, BPUs and order template', async () => {
    const buyer = await tokenFor(testApp.app, await userIdOf(testApp.db, 'cdp.acheteur'));
    const as = (url: string) => inject(testApp.app, { method: 'GET', url, token: buyer });
    const profile = (await as('/api/user/profile')).json();
    const folder = profile.role.menus.find((menu: { title: string }) => menu.title === 'Bordereaux de prix');
    const paths = profile.role.menus
      .filter((menu: { parent: number }) => menu.parent === folder?.id)
      .map((menu: { path: string }) => menu.path);
    expect(paths).toEqual(['/sst/bpu', '/sst/bputemplates/', '/os/templates', '/categories', '/prestations']);
    for (const action of ['create', 'read', 'update', 'delete']) {
      expect(profile.role.rights[action]).toEqual(
        expect.arrayContaining(['category', 'prestation', 'bpu_template', 'bpu_sst', 'os_template']),
      );
    }

    const template = (await as('/api/bputemplates/list')).json().find((row: { name: string }) => row.name === 'BPU FTTH 2025');
    expect((await as(`/api/bputemplate/${template.id}/prestations`)).json()).toHaveLength(21);
    const bpuRows = (await as('/api/bpus')).json().content;
    const priced = bpuRows.find((row: { name: string }) => row.name === 'BPU Fibres Réseaux Aquitaine 2025');
    expect(bpuRows.find((row: { name: string }) => row.name === 'BPU Télécom Travaux Sud-Ouest 2024')).toMatchObject({
      locked: true,
    });
    const lines = (await as(`/api/bpu/${priced.id}/prestations`)).json();
    expect(lines.filter((line: { prestationSST: { id: number | null } }) => line.prestationSST.id !== null)).toHaveLength(19);
    const orderTemplates = (await as('/api/orderTemplates')).json().content;
    expect(orderTemplates).toContainEqual(expect.objectContaining({ name: 'Raccordement client standard', prestationCount: 5 }));
  });
});
