import type { EntityCode } from './entities.js';

/**
 * The simple reference lists of spec 3, declared once: the server generates their routes and the web
 * renders them with the generic list and detail screens.
 */
export type ResourceField = {
  name: string;
  /** i18n key of the label (`fields.*`). */
  labelKey: string;
  required: boolean;
  maxLength: number;
  /** Editable on the detail screen; read-only fields are shown but never sent. */
  editable: boolean;
  /** Asked in the create modal. */
  inCreate: boolean;
  multiline?: boolean;
};

export type ResourceDefinition = {
  key: ResourceKey;
  entity: EntityCode;
  /** i18n key of the list title (`resources.*.title`) and of the singular (`resources.*.one`). */
  i18nKey: string;
  api: {
    list: string;
    item: string;
    create: string | null;
    csv: string;
    /** Unpaged lists for pickers (spec names, e.g. `/projecttype/list`). */
    all: string[];
  };
  routes: { list: string; detail: string };
  columns: string[];
  fields: ResourceField[];
  deletable: boolean;
};

export const RESOURCE_KEYS = [
  'units',
  'projecttypes',
  'prestationtypes',
  'prestationreferences',
  'documenttypes',
  'businessunits',
  'paymenttypes',
  'paymentterms',
  'oracleconfigurations',
] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

const nameField: ResourceField = {
  name: 'name',
  labelKey: 'fields.name',
  required: true,
  maxLength: 255,
  editable: true,
  inCreate: true,
};

function text(name: string, options: Partial<ResourceField> = {}): ResourceField {
  return { name, labelKey: `fields.${name}`, required: false, maxLength: 255, editable: true, inCreate: true, ...options };
}

function simple(
  key: ResourceKey,
  entity: EntityCode,
  apiName: string,
  routeNames: { list: string; detail: string },
  fields: ResourceField[],
  all: string[] = [],
): ResourceDefinition {
  return {
    key,
    entity,
    i18nKey: `resources.${key}`,
    api: { list: `/${apiName}`, item: `/${apiName}`, create: `/${apiName}`, csv: `/${apiName}/csv`, all },
    routes: { list: `/${routeNames.list}`, detail: `/${routeNames.detail}` },
    columns: ['id', ...fields.map((field) => field.name)],
    fields,
    deletable: true,
  };
}

/** Read-only lists synchronised from the ERP: no creation, name read-only, oracleCode required. */
function erpList(key: ResourceKey, entity: EntityCode, listName: string, itemName: string, route: string) {
  const definition: ResourceDefinition = {
    key,
    entity,
    i18nKey: `resources.${key}`,
    api: { list: `/${listName}`, item: `/${itemName}`, create: null, csv: `/${itemName}/csv`, all: [] },
    routes: { list: `/${route}s`, detail: `/${route}` },
    columns: ['id', 'name', 'oracleCode'],
    fields: [
      { ...nameField, editable: false, inCreate: false },
      text('oracleCode', { required: true, maxLength: 100, inCreate: false }),
    ],
    deletable: true,
  };
  return definition;
}

export const RESOURCES: Record<ResourceKey, ResourceDefinition> = {
  units: simple('units', 'unit', 'unit', { list: 'units', detail: 'unit' }, [nameField, text('oracleCode', { maxLength: 100 })]),
  projecttypes: simple(
    'projecttypes',
    'project_type',
    'projecttype',
    { list: 'projecttypes', detail: 'projecttype' },
    [nameField],
    ['/projecttype/list'],
  ),
  prestationtypes: simple(
    'prestationtypes',
    'prestation_type',
    'prestationtype',
    { list: 'prestationtypes', detail: 'prestationtype' },
    [nameField],
    ['/prestationtypes/list'],
  ),
  prestationreferences: simple(
    'prestationreferences',
    'prestation_reference',
    'prestationreference',
    { list: 'prestationreferences', detail: 'prestationreference' },
    [nameField],
  ),
  documenttypes: simple('documenttypes', 'document_type', 'documenttype', { list: 'documenttypes', detail: 'documenttype' }, [
    nameField,
    text('code', { maxLength: 100 }),
  ]),
  businessunits: {
    key: 'businessunits',
    entity: 'business_unit',
    i18nKey: 'resources.businessunits',
    api: { list: '/businessunits', item: '/businessunit', create: null, csv: '/businessunit/csv', all: [] },
    routes: { list: '/businessunits', detail: '/businessunit' },
    columns: ['id', 'name', 'description', 'invoiceLocation', 'deliveryLocation', 'supplyChainOrganization'],
    fields: ['name', 'description', 'invoiceLocation', 'deliveryLocation', 'supplyChainOrganization'].map((name) =>
      text(name, { required: true, inCreate: false }),
    ),
    deletable: true,
  },
  paymenttypes: erpList('paymenttypes', 'payment_type', 'payment_types', 'payment_type', 'paymenttype'),
  paymentterms: erpList('paymentterms', 'payment_term', 'payment_terms', 'payment_term', 'paymentterm'),
  // Seeded settings of what ISF sends to Oracle: no creation, only the value is edited (spec 3 §2, §5).
  oracleconfigurations: {
    key: 'oracleconfigurations',
    entity: 'oracle_configuration',
    i18nKey: 'resources.oracleconfigurations',
    api: {
      list: '/oracle/configurations',
      item: '/oracle/configuration',
      create: null,
      csv: '/oracle/configuration/csv',
      all: [],
    },
    routes: { list: '/oracleconfigurations', detail: '/oracleconfiguration' },
    columns: ['id', 'code', 'name', 'description', 'value'],
    fields: [
      text('code', { editable: false, inCreate: false, maxLength: 100 }),
      { ...nameField, editable: false, inCreate: false },
      text('description', { editable: false, inCreate: false, maxLength: 1000, multiline: true }),
      text('value', { required: true, inCreate: false, maxLength: 500 }),
    ],
    deletable: true,
  },
};

export const RESOURCE_LIST = RESOURCE_KEYS.map((key) => RESOURCES[key]);

export type ResourceRecord = { id: number; version: number } & Record<string, string | number | null>;
