import {
  CATEGORY_HAS_CHILDREN_MESSAGE,
  CATEGORY_PARENT_NOT_TOP_MESSAGE,
  MESSAGES_FR,
  NEED_CATEGORY_MESSAGE,
  type PrestationRecord,
  SUBCATEGORY_NAME_TAKEN_MESSAGE,
  TOP_CATEGORY_NAME_TAKEN_MESSAGE,
} from '@isf/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, prestations } from '../src/db/schema/index.js';
import { countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
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

const required = MESSAGES_FR['validation.required'];
const selectItem = MESSAGES_FR['validation.selectItem'];

describe('categories', () => {
  it('creates top categories and subcategories, and lists them with their parent', async () => {
    const top = await make.category(uniqueName('Génie civil'));
    const child = await make.category(uniqueName('Tranchée'), top);
    const detail = await make.send('GET', `/api/category/${child}`);
    expect(detail.json()).toMatchObject({
      id: child,
      version: 1,
      parent: top,
      parentName: expect.stringContaining('Génie civil'),
    });
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/category',
      token: admin,
      query: { filters: JSON.stringify({ parentId: String(top) }) },
    });
    expect(list.json()).toMatchObject({ totalElements: 1, content: [{ id: child, parentId: top }] });
    expect(Object.keys(list.json().content[0]).sort()).toEqual(['id', 'name', 'parentId', 'parentName']);
  });

  it('requires a name, and a parent that exists and is a top category', async () => {
    const top = await make.category();
    const child = await make.category(uniqueName('Enfant'), top);
    const before = await countRows(testApp.db, categories);
    const cases: [object, string, string][] = [
      [{ name: '  ' }, 'name', required],
      [{ parent: top }, 'name', required],
      [{ name: 'x', parent: 999_999 }, 'parent', selectItem],
      [{ name: 'x', parent: child }, 'parent', CATEGORY_PARENT_NOT_TOP_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await make.send('POST', '/api/category', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await countRows(testApp.db, categories)).toBe(before);
  });

  it('requires the parent on the detail, keeps two levels, and refuses a stale version', async () => {
    const top = await make.category();
    const other = await make.category();
    const child = await make.category(uniqueName('Enfant'), top);
    const noParent = await make.send('PUT', `/api/category/${child}`, { name: 'Renommée', version: 1 });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().fields.parent).toBe(selectItem);
    const withChildren = await make.send('PUT', `/api/category/${top}`, { name: 'Haut', parent: other, version: 1 });
    expect(withChildren.statusCode).toBe(400);
    expect(withChildren.json().detail).toBe(CATEGORY_HAS_CHILDREN_MESSAGE);
    const itself = await make.send('PUT', `/api/category/${other}`, { name: 'Soi', parent: other, version: 1 });
    expect(itself.json().detail).toBe(CATEGORY_PARENT_NOT_TOP_MESSAGE);

    const moved = await make.send('PUT', `/api/category/${child}`, { name: ' Renommée ', parent: other, version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().record).toMatchObject({ name: 'Renommée', parent: other, version: 2 });
    const stale = await make.send('PUT', `/api/category/${child}`, { name: 'Encore', parent: top, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(2);
  });

  it('lists top categories (paged and all) and the subcategories of one (paged and all)', async () => {
    const top = await make.category(uniqueName('Parent'));
    const children = [await make.category(uniqueName('B-enfant'), top), await make.category(uniqueName('A-enfant'), top)];
    const paged = await make.send('GET', '/api/category/parent?size=200');
    expect(paged.json().content.every((row: { parentId: number | null }) => row.parentId === null)).toBe(true);
    const all = await make.send('GET', '/api/category/allParentCategories');
    const allIds = all.json().map((row: { id: number }) => row.id);
    expect(allIds).toContain(top);
    expect(allIds).not.toContain(children[0]);
    const subPaged = await make.send('GET', `/api/category/${top}/subcategories`);
    expect(subPaged.json()).toMatchObject({ totalElements: 2 });
    const subAll = await make.send('GET', `/api/category/${top}/subcategories/list`);
    expect(subAll.json().map((row: { id: number }) => row.id)).toEqual([children[1], children[0]]);
    expect((await make.send('GET', '/api/category/999999/subcategories/list')).statusCode).toBe(404);
  });

  it('refuses to delete a category still used, and deletes a free one', async () => {
    const top = await make.category();
    const child = await make.category(uniqueName('Enfant'), top);
    const used = await make.send('DELETE', `/api/category/${top}`);
    expect(used.statusCode).toBe(422);
    expect(used.json().error).toBe(MESSAGES_FR['error.inUse']);
    expect((await make.send('DELETE', `/api/category/${child}`)).statusCode).toBe(200);
    expect((await make.send('DELETE', `/api/category/${top}`)).statusCode).toBe(200);
    expect(await countRows(testApp.db, categories, inArray(categories.id, [top, child]))).toBe(0);
  });

  it('refuses a second category of one name on one level, case, accents and spaces aside', async () => {
    const name = uniqueName('Génie Civil');
    const top = await make.category(name);
    const other = await make.category(uniqueName('Réseaux'));
    const child = await make.category('Tranchée', top);
    const before = await countRows(testApp.db, categories);
    for (const [payload, message] of [
      [{ name: `  ${name.toUpperCase().replace('É', 'E')} `, parent: null }, TOP_CATEGORY_NAME_TAKEN_MESSAGE],
      [{ name: 'tranchee', parent: top }, SUBCATEGORY_NAME_TAKEN_MESSAGE],
    ] as const) {
      const response = await make.send('POST', '/api/category', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ detail: message, fields: { name: message } });
    }
    expect(await countRows(testApp.db, categories)).toBe(before);
    // the same name under another parent, or kept by the category itself, is fine
    expect(await make.category('Tranchée', other)).toBeGreaterThan(0);
    const renamed = await make.send('PUT', `/api/category/${child}`, { name: 'TRANCHÉE', parent: top, version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const sibling = await make.category('Fourreau', top);
    const clash = await make.send('PUT', `/api/category/${sibling}`, { name: 'tranchée', parent: top, version: 1 });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().detail).toBe(SUBCATEGORY_NAME_TAKEN_MESSAGE);
  });

  it('merges duplicates of the same parent into the lowest id and repoints prestations', async () => {
    // duplicates come from older data: the API refuses them, so they are written directly
    const duplicate = async (name: string, parentId: number | null = null) => {
      const [row] = await testApp.db.insert(categories).values({ name, parentId }).returning({ id: categories.id });
      return row?.id ?? 0;
    };
    const name = uniqueName('Génie Civil');
    const first = await make.category(name);
    const second = await duplicate(`  ${name.toUpperCase().replace('É', 'E')} `);
    const third = await duplicate(name.toLowerCase().replace(' ', '   '));
    const keptChild = await make.category('Tranchée', first);
    const duplicateChild = await duplicate('tranchee', second);
    const elsewhere = await make.category(uniqueName('Autre'));
    const notDuplicate = await make.category('Tranchée', elsewhere);
    const template = await make.template();
    const onSecond = await make.prestation(template, second);
    const onDuplicateChild = await make.prestation(template, second, { subcategory: duplicateChild });

    const response = await make.send('POST', '/api/category/dedupe');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, merged: 3 });
    const remaining = await testApp.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, [first, second, third, keptChild, duplicateChild, notDuplicate]));
    expect(remaining.map((row) => row.id).sort((left, right) => left - right)).toEqual([first, keptChild, notDuplicate]);
    const [moved] = await testApp.db
      .select({ categoryId: prestations.categoryId })
      .from(prestations)
      .where(eq(prestations.id, onSecond));
    expect(moved?.categoryId).toBe(first);
    const detail = (await make.send('GET', `/api/prestation/${onDuplicateChild}`)).json<PrestationRecord>();
    expect(detail).toMatchObject({ category: first, subcategory: keptChild });

    expect((await make.send('POST', '/api/category/dedupe')).json()).toEqual({ success: true, merged: 0 });
  });
});

describe('prestations', () => {
  it('creates a prestation under a subcategory and shows it in the list with its names', async () => {
    const template = await make.template();
    const top = await make.category(uniqueName('Distribution'));
    const sub = await make.category(uniqueName('PBO'), top);
    const code = uniqueName('DI');
    const id = await make.prestation(template, top, { subcategory: sub, code, description: ' Pose de PBO ' });
    const detail = (await make.send('GET', `/api/prestation/${id}`)).json<PrestationRecord>();
    expect(detail).toMatchObject({
      bpu: template,
      category: top,
      subcategory: sub,
      categoryParentName: expect.stringContaining('Distribution'),
      categoryName: expect.stringContaining('PBO'),
      code,
      description: 'Pose de PBO',
      unitName: 'Unité',
      referenceName: 'Soudure',
      typeName: "Main d'œuvre",
      version: 1,
    });
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/prestations',
      token: admin,
      query: { filters: JSON.stringify({ bpuTemplateId: String(template) }) },
    });
    expect(list.json().content).toEqual([
      expect.objectContaining({
        id,
        bpuTemplateName: expect.stringContaining('Modèle'),
        referenceName: 'Soudure',
        categoryParentName: detail.categoryParentName,
        categoryName: detail.categoryName,
        code,
        description: 'Pose de PBO',
        unitName: 'Unité',
        typeName: "Main d'œuvre",
      }),
    ]);
  });

  it('counts the prestations of a filter on a joined name like those of a filter on their own columns', async () => {
    const template = await make.template();
    const top = await make.category(uniqueName('Aérien'));
    const sub = await make.category(uniqueName('Poteaux'), top);
    await make.prestation(template, top, { subcategory: sub });
    await make.prestation(template, top, { subcategory: sub });
    await make.prestation(template, top);
    const listOf = async (filters: Record<string, string>) =>
      (
        await inject(testApp.app, {
          method: 'GET',
          url: '/api/prestations',
          token: admin,
          query: { filters: JSON.stringify({ bpuTemplateId: String(template), ...filters }) },
        })
      ).json<{ content: unknown[]; totalElements: number }>();
    const all = await listOf({});
    expect([all.content.length, all.totalElements]).toEqual([3, 3]);
    const underSubcategory = await listOf({ categoryName: 'Poteaux' });
    expect([underSubcategory.content.length, underSubcategory.totalElements]).toEqual([2, 2]);
    const byParent = await listOf({ categoryParentName: 'notnull' });
    expect(byParent.totalElements).toBe(2);
  });

  it('attaches a prestation to a top category when no subcategory is chosen', async () => {
    const template = await make.template();
    const top = await make.category(uniqueName('Divers'));
    const id = await make.prestation(template, top);
    expect((await make.send('GET', `/api/prestation/${id}`)).json()).toMatchObject({
      category: top,
      subcategory: null,
      categoryParentName: null,
    });
  });

  it("answers 'need category' to a subcategory without its category", async () => {
    const template = await make.template();
    const top = await make.category();
    const otherTop = await make.category();
    const sub = await make.category(uniqueName('Sous'), otherTop);
    const choices = await make.choices();
    const before = await countRows(testApp.db, prestations);
    const base = { bpu: template, code: uniqueName('C'), description: 'Désignation', ...choices };
    const wrongParent = await make.send('POST', '/api/prestation', { ...base, category: top, subcategory: sub });
    expect(wrongParent.statusCode).toBe(400);
    expect(wrongParent.json()).toMatchObject({ detail: NEED_CATEGORY_MESSAGE, fields: { subcategory: NEED_CATEGORY_MESSAGE } });
    const noCategory = await make.send('POST', '/api/prestation', { ...base, subcategory: sub });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields).toMatchObject({ category: selectItem, subcategory: NEED_CATEGORY_MESSAGE });
    expect(await countRows(testApp.db, prestations)).toBe(before);
  });

  it('requires template, reference, category, unit, type, code and designation', async () => {
    const template = await make.template();
    const top = await make.category();
    const valid = { bpu: template, category: top, code: uniqueName('C'), description: 'Désignation', ...(await make.choices()) };
    const before = await countRows(testApp.db, prestations);
    const cases: [string, unknown, string][] = [
      ['bpu', undefined, selectItem],
      ['reference', null, selectItem],
      ['category', '', selectItem],
      ['unit', undefined, selectItem],
      ['type', 0, selectItem],
      ['code', ' ', required],
      ['description', undefined, required],
      ['unit', 999_999, selectItem],
      ['bpu', 999_999, selectItem],
    ];
    for (const [field, value, message] of cases) {
      const response = await make.send('POST', '/api/prestation', { ...valid, [field]: value });
      expect(response.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(response.json().fields[field], `${field}=${String(value)}`).toBe(message);
    }
    expect(await countRows(testApp.db, prestations)).toBe(before);
  });

  it('refuses a code already used in the same template', async () => {
    const template = await make.template();
    const top = await make.category();
    const code = uniqueName('DUP');
    await make.prestation(template, top, { code });
    const again = await make.send('POST', '/api/prestation', {
      bpu: template,
      category: top,
      code,
      description: 'Autre',
      ...(await make.choices()),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MESSAGES_FR['error.duplicate']);
    await make.prestation(await make.template(), top, { code });
  });

  it('edits a prestation with a required subcategory and refuses a stale version, then deletes it', async () => {
    const template = await make.template();
    const top = await make.category();
    const sub = await make.category(uniqueName('Sous'), top);
    const id = await make.prestation(template, top);
    const detail = (await make.send('GET', `/api/prestation/${id}`)).json<PrestationRecord>();
    const missing = await make.send('PUT', `/api/prestation/${id}`, { ...detail, subcategory: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.subcategory).toBe(selectItem);
    const saved = await make.send('PUT', `/api/prestation/${id}`, { ...detail, subcategory: sub, description: 'Modifiée' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({ subcategory: sub, description: 'Modifiée', version: 2, bpu: template });
    const stale = await make.send('PUT', `/api/prestation/${id}`, { ...detail, subcategory: sub });
    expect(stale.statusCode).toBe(409);
    expect((await make.send('DELETE', `/api/prestation/${id}`)).statusCode).toBe(200);
    expect((await make.send('GET', `/api/prestation/${id}`)).statusCode).toBe(404);
  });

  it('edits a prestation of a category that has no subcategory without one, and refuses one once it has', async () => {
    const template = await make.template();
    const top = await make.category();
    const id = await make.prestation(template, top);
    const detail = (await make.send('GET', `/api/prestation/${id}`)).json<PrestationRecord>();
    const saved = await make.send('PUT', `/api/prestation/${id}`, { ...detail, description: 'Nacelle' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({ category: top, subcategory: null, description: 'Nacelle', version: 2 });
    await make.category(uniqueName('Sous'), top);
    const missing = await make.send('PUT', `/api/prestation/${id}`, { ...saved.json().record, description: 'Autre' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.subcategory).toBe(selectItem);
    expect((await make.send('GET', `/api/prestation/${id}`)).json()).toMatchObject({ description: 'Nacelle', version: 2 });
  });
});
