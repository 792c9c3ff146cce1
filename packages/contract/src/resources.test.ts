import { describe, expect, it } from 'vitest';
import { MESSAGES_FR } from './messages.js';
import { resourceCreateSchema, resourceUpdateSchema } from './resource-schemas.js';
import { RESOURCE_LIST, RESOURCES } from './resources.js';

describe('resource declarations', () => {
  it('declares distinct API paths and routes for every resource', () => {
    const lists = RESOURCE_LIST.map((resource) => resource.api.list);
    const routes = RESOURCE_LIST.flatMap((resource) => [resource.routes.list, resource.routes.detail]);
    expect(new Set(lists).size).toBe(lists.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('trims text and refuses a blank required name on create', () => {
    const schema = resourceCreateSchema(RESOURCES.units);
    expect(schema.parse({ name: '  Mètre  ', oracleCode: ' ML ' })).toEqual({ name: 'Mètre', oracleCode: 'ML' });
    const result = schema.safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES_FR['validation.required']);
  });

  it('turns an empty optional field into null', () => {
    expect(resourceCreateSchema(RESOURCES.units).parse({ name: 'U', oracleCode: '' })).toEqual({ name: 'U', oracleCode: null });
  });

  it('requires oracleCode and leaves the name out of a payment type update', () => {
    const schema = resourceUpdateSchema(RESOURCES.paymenttypes);
    expect(schema.safeParse({ oracleCode: '', version: 1 }).success).toBe(false);
    expect(schema.parse({ name: 'Changed', oracleCode: 'X', version: 2 })).toEqual({ oracleCode: 'X', version: 2 });
  });

  it('requires all five business unit fields', () => {
    const schema = resourceUpdateSchema(RESOURCES.businessunits);
    const valid = {
      name: 'a',
      description: 'b',
      invoiceLocation: 'c',
      deliveryLocation: 'd',
      supplyChainOrganization: 'e',
      version: 1,
    };
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, deliveryLocation: ' ' }).success).toBe(false);
  });

  it('offers no creation for the lists synchronised from the ERP', () => {
    expect(RESOURCES.businessunits.api.create).toBeNull();
    expect(RESOURCES.paymenttypes.api.create).toBeNull();
    expect(RESOURCES.paymentterms.api.create).toBeNull();
  });
});
