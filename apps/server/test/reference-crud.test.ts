import { RESOURCE_LIST, RESOURCES, type ResourceDefinition } from '@isf/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnits } from '../src/db/schema/index.js';
import { REFERENCE_TABLES } from '../src/modules/reference/index.js';
import { countRows, createTestApp, inject, login, type TestApp, uniqueName, userIdOf } from './helper.js';

type StoredRecord = Record<string, unknown> & { id: number; version: number };

let testApp: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  adminId = await userIdOf(testApp.db, 'admin');
});

afterAll(async () => {
  await testApp.close();
});

const itemUrl = (definition: ResourceDefinition, id: number | string) => `/api${definition.api.item}/${id}`;

function valueFor(name: string, maxLength: number): string {
  return uniqueName(name).slice(0, Math.min(maxLength, 60));
}

function valuesOf(definition: ResourceDefinition, which: 'inCreate' | 'editable') {
  return Object.fromEntries(
    definition.fields.filter((field) => field[which]).map((field) => [field.name, valueFor(field.name, field.maxLength)]),
  );
}

function rowCount(definition: ResourceDefinition) {
  return countRows(testApp.db, REFERENCE_TABLES[definition.key].table);
}

async function auditRows(definition: ResourceDefinition, id: number) {
  return testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, definition.entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

/** A record created through the API when the resource allows it, otherwise written as the ERP sync would. */
async function createRecord(definition: ResourceDefinition): Promise<number> {
  if (definition.api.create) {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: `/api${definition.api.create}`,
      token: admin,
      payload: valuesOf(definition, 'inCreate'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  }
  const { table } = REFERENCE_TABLES[definition.key];
  const values = Object.fromEntries(definition.fields.map((field) => [field.name, valueFor(field.name, field.maxLength)]));
  const [row] = await testApp.db.insert(table).values(values).returning({ id: table.id });
  return Number(row?.id);
}

async function read(definition: ResourceDefinition, id: number): Promise<StoredRecord> {
  const response = await inject(testApp.app, { method: 'GET', url: itemUrl(definition, id), token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoredRecord>();
}

function update(definition: ResourceDefinition, id: number | string, payload: object, token = admin) {
  return inject(testApp.app, { method: 'PUT', url: itemUrl(definition, id), token, payload });
}

describe.each(RESOURCE_LIST.map((definition) => [definition.key, definition] as const))('%s', (_key, definition) => {
  const requiredEditable = definition.fields.filter((field) => field.required && field.editable);
  const requiredInCreate = definition.fields.filter((field) => field.required && field.inCreate);
  const readOnly = definition.fields.filter((field) => !field.editable);

  it('reads, updates with the loaded version (version + 1) and deletes a record, with an audit row for each change', async () => {
    const id = await createRecord(definition);
    const loaded = await read(definition, id);
    expect(loaded).toMatchObject({ id, version: 1 });
    const changes = valuesOf(definition, 'editable');
    const response = await update(definition, id, { ...changes, version: loaded.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, id, record: { ...changes, version: 2 } });
    expect(await read(definition, id)).toMatchObject({ ...changes, version: 2 });

    const removed = await inject(testApp.app, { method: 'DELETE', url: itemUrl(definition, id), token: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await inject(testApp.app, { method: 'GET', url: itemUrl(definition, id), token: admin })).statusCode).toBe(404);
    expect((await inject(testApp.app, { method: 'DELETE', url: itemUrl(definition, id), token: admin })).statusCode).toBe(404);

    const audit = await auditRows(definition, id);
    const expectedActions = definition.api.create ? ['create', 'update', 'delete'] : ['update', 'delete'];
    expect(audit.map((row) => row.action)).toEqual(expectedActions);
    expect(audit.every((row) => row.userId === adminId && row.requestId)).toBe(true);
    const updateRow = audit.find((row) => row.action === 'update');
    expect(updateRow?.before).toMatchObject({ id, version: 1 });
    expect(updateRow?.after).toMatchObject({ ...changes, version: 2 });
    expect(audit.at(-1)?.before).toMatchObject({ ...changes, version: 2 });
    expect(audit.at(-1)?.after).toBeNull();
    if (definition.api.create) {
      expect(audit[0]?.after).toMatchObject({ id, version: 1 });
    }
  });

  it('answers 409 to a stale version and keeps the stored record, without an audit row', async () => {
    const id = await createRecord(definition);
    await update(definition, id, { ...valuesOf(definition, 'editable'), version: 1 });
    const stored = await read(definition, id);
    const auditBefore = (await auditRows(definition, id)).length;
    const response = await update(definition, id, { ...valuesOf(definition, 'editable'), version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ currentVersion: 2 });
    expect(response.json().error).toMatch(/modifié par quelqu'un d'autre/);
    expect(await read(definition, id)).toEqual(stored);
    expect(await auditRows(definition, id)).toHaveLength(auditBefore);
  });

  it('trims the text it stores', async () => {
    const id = await createRecord(definition);
    const changes = valuesOf(definition, 'editable');
    const padded = Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, `  ${value}\t `]));
    const response = await update(definition, id, { ...padded, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(definition, id)).toMatchObject(changes);
  });

  it.each(requiredEditable.flatMap((field) => ['', '   ', '\t'].map((blank) => [field.name, blank] as const)))(
    'refuses an update with %s blank (%j) with 400 and fields, writing nothing',
    async (name, blank) => {
      const id = await createRecord(definition);
      const stored = await read(definition, id);
      const auditBefore = (await auditRows(definition, id)).length;
      const response = await update(definition, id, { ...valuesOf(definition, 'editable'), [name]: blank, version: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [name]: 'Ce champ est obligatoire.' });
      expect(await read(definition, id)).toEqual(stored);
      expect(await auditRows(definition, id)).toHaveLength(auditBefore);
    },
  );

  it.each(requiredEditable.map((field) => [field.name, field.maxLength] as const))(
    'refuses an update whose %s is longer than %i characters',
    async (name, maxLength) => {
      const id = await createRecord(definition);
      const response = await update(definition, id, {
        ...valuesOf(definition, 'editable'),
        [name]: 'x'.repeat(maxLength + 1),
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[name]).toBe(`Ce champ doit contenir au plus ${maxLength} caractères.`);
      expect((await read(definition, id)).version).toBe(1);
    },
  );

  if (readOnly.length > 0) {
    it('ignores read-only fields sent with an update', async () => {
      const id = await createRecord(definition);
      const stored = await read(definition, id);
      const attempt = Object.fromEntries(readOnly.map((field) => [field.name, 'Changé par le client']));
      const response = await update(definition, id, { ...valuesOf(definition, 'editable'), ...attempt, version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const after = await read(definition, id);
      for (const field of readOnly) {
        expect(after[field.name]).toBe(stored[field.name]);
      }
    });
  }

  it('answers 400, not 500, to an id that is not a positive integer', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1;DROP TABLE units']) {
      for (const method of ['GET', 'PUT', ...(definition.deletable ? ['DELETE'] : [])] as const) {
        const response = await inject(testApp.app, {
          method,
          url: itemUrl(definition, encodeURIComponent(id)),
          token: admin,
          payload: method === 'PUT' ? { ...valuesOf(definition, 'editable'), version: 1 } : undefined,
        });
        expect(response.statusCode, `${method} ${id}`).toBe(400);
        expect(response.json().fields).toEqual({ id: 'Identifiant invalide.' });
      }
    }
  });

  it('answers 404 to an id that does not exist', async () => {
    const id = 2_000_000_000;
    expect((await inject(testApp.app, { method: 'GET', url: itemUrl(definition, id), token: admin })).statusCode).toBe(404);
    expect((await update(definition, id, { ...valuesOf(definition, 'editable'), version: 1 })).statusCode).toBe(404);
  });

  if (definition.api.create) {
    const createUrl = `/api${definition.api.create}`;

    it('creates a record with trimmed text and an audit row naming the user', async () => {
      const values = valuesOf(definition, 'inCreate');
      const padded = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, `  ${value}  `]));
      const response = await inject(testApp.app, { method: 'POST', url: createUrl, token: admin, payload: padded });
      expect(response.statusCode, response.body).toBe(200);
      const { id } = response.json<{ id: number }>();
      expect(await read(definition, id)).toMatchObject({ ...values, version: 1 });
      const [audit] = await auditRows(definition, id);
      expect(audit).toMatchObject({ userId: adminId, action: 'create', entity: definition.entity, before: null });
    });

    it.each(requiredInCreate.flatMap((field) => [undefined, '', '  '].map((blank) => [field.name, blank] as const)))(
      'refuses a creation with %s missing or blank (%j), writing nothing',
      async (name, blank) => {
        const before = await rowCount(definition);
        const auditBefore = await countRows(testApp.db, auditLog);
        const payload = { ...valuesOf(definition, 'inCreate'), [name]: blank };
        const response = await inject(testApp.app, { method: 'POST', url: createUrl, token: admin, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual({ [name]: 'Ce champ est obligatoire.' });
        expect(await rowCount(definition)).toBe(before);
        expect(await countRows(testApp.db, auditLog)).toBe(auditBefore);
      },
    );

    it('refuses a creation whose text is too long, writing nothing', async () => {
      const before = await rowCount(definition);
      for (const field of definition.fields.filter((candidate) => candidate.inCreate)) {
        const payload = { ...valuesOf(definition, 'inCreate'), [field.name]: 'x'.repeat(field.maxLength + 1) };
        const response = await inject(testApp.app, { method: 'POST', url: createUrl, token: admin, payload });
        expect(response.statusCode, field.name).toBe(400);
        expect(response.json().fields).toHaveProperty(field.name);
      }
      expect(await rowCount(definition)).toBe(before);
    });

    it('refuses a creation by a role without the create right, writing nothing', async () => {
      const before = await rowCount(definition);
      const auditBefore = await countRows(testApp.db, auditLog);
      const response = await inject(testApp.app, {
        method: 'POST',
        url: createUrl,
        token: await login(testApp.app, 'lecteur', 'lecteur'),
        payload: valuesOf(definition, 'inCreate'),
      });
      expect(response.statusCode).toBe(403);
      expect(await rowCount(definition)).toBe(before);
      expect(await countRows(testApp.db, auditLog)).toBe(auditBefore);
    });

    it('refuses a duplicate name with 400 and a clear message, on creation and on rename', async () => {
      const name = valueFor('name', 255);
      const payload = (value: string) => ({ ...valuesOf(definition, 'inCreate'), name: value });
      const first = await inject(testApp.app, { method: 'POST', url: createUrl, token: admin, payload: payload(name) });
      expect(first.statusCode).toBe(200);
      const before = await rowCount(definition);
      const duplicate = await inject(testApp.app, {
        method: 'POST',
        url: createUrl,
        token: admin,
        payload: payload(` ${name} `),
      });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({
        error: 'Un élément avec cette valeur existe déjà.',
        detail: 'Un élément avec cette valeur existe déjà.',
      });
      expect(await rowCount(definition)).toBe(before);
      const other = await createRecord(definition);
      const rename = await update(definition, other, { ...valuesOf(definition, 'editable'), name, version: 1 });
      expect(rename.statusCode).toBe(400);
      expect((await read(definition, other)).version).toBe(1);
    });
  }
});

describe('ERP lists', () => {
  it.each([RESOURCES.paymenttypes, RESOURCES.paymentterms])(
    'keeps the name of $key when an update sends one',
    async (definition) => {
      const id = await createRecord(definition);
      const stored = await read(definition, id);
      const response = await update(definition, id, { name: 'Renommé', oracleCode: 'NEW_CODE', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(await read(definition, id)).toMatchObject({ name: stored.name, oracleCode: 'NEW_CODE', version: 2 });
    },
  );

  it('requires the oracle code on a payment type update', async () => {
    const definition = RESOURCES.paymenttypes;
    const id = await createRecord(definition);
    const response = await update(definition, id, { version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ oracleCode: 'Ce champ est obligatoire.' });
  });

  it('offers no creation route for payment types, payment terms and business units', async () => {
    for (const url of ['/api/payment_type', '/api/payment_term', '/api/businessunit']) {
      const response = await inject(testApp.app, { method: 'POST', url, token: admin, payload: { name: 'x' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('hides business units that are not of the requisitioning type, in the list and by id', async () => {
    const [other] = await testApp.db
      .insert(businessUnits)
      .values({
        name: uniqueName('BU autre'),
        description: 'x',
        invoiceLocation: 'x',
        deliveryLocation: 'x',
        supplyChainOrganization: 'x',
        type: 'other',
      })
      .returning({ id: businessUnits.id });
    const id = Number(other?.id);
    const definition = RESOURCES.businessunits;
    const list = await inject(testApp.app, { method: 'GET', url: '/api/businessunits', token: admin, query: { size: '200' } });
    expect(list.json().content.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await inject(testApp.app, { method: 'GET', url: itemUrl(definition, id), token: admin })).statusCode).toBe(404);
    expect((await update(definition, id, { ...valuesOf(definition, 'editable'), version: 1 })).statusCode).toBe(404);
    expect((await inject(testApp.app, { method: 'DELETE', url: itemUrl(definition, id), token: admin })).statusCode).toBe(404);
    expect(await countRows(testApp.db, businessUnits, eq(businessUnits.id, id))).toBe(1);
  });
});

describe('units', () => {
  it('refuses a duplicate unit name with the duplicate message', async () => {
    const response = await inject(testApp.app, { method: 'POST', url: '/api/unit', token: admin, payload: { name: 'Forfait' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Un élément avec cette valeur existe déjà.');
  });
});
