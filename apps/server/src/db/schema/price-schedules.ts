import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';
import { markets } from './markets.js';
import { prestationReferences, prestationTypes, units } from './reference.js';

/** Prestation categories: a top category, or a child of a top category (two levels). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    ...versioned,
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.name)],
);

/** BPU templates: the catalogue of prestations a price schedule (BPU) prices. */
export const bpuTemplates = pgTable(
  'bpu_templates',
  { id: serial('id').primaryKey(), name: text('name').notNull(), ...versioned },
  (table) => [uniqueIndex('bpu_templates_name_unique').on(table.name)],
);

/** A prestation of a BPU template; its code is unique in the template (imports match on it). */
export const prestations = pgTable(
  'prestations',
  {
    id: serial('id').primaryKey(),
    bpuTemplateId: integer('bpu_template_id')
      .notNull()
      .references(() => bpuTemplates.id, { onDelete: 'cascade' }),
    referenceId: integer('reference_id')
      .notNull()
      .references(() => prestationReferences.id),
    /** A subcategory, or a top category when the prestation has no subcategory. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => prestationTypes.id),
    code: text('code').notNull(),
    description: text('description').notNull(),
    ...versioned,
  },
  (table) => [
    uniqueIndex('prestations_template_code_unique').on(table.bpuTemplateId, table.code),
    index('prestations_category_idx').on(table.categoryId),
  ],
);

/**
 * The price schedule (BPU) of a subcontractor market. `locked` is set by the market's life cycle; a locked BPU is never changed.
 */
export const bpus = pgTable(
  'bpus',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    marketId: integer('market_id').references(() => markets.id),
    bpuTemplateId: integer('bpu_template_id')
      .notNull()
      .references(() => bpuTemplates.id),
    locked: boolean('locked').notNull().default(false),
    ...versioned,
  },
  (table) => [index('bpus_template_idx').on(table.bpuTemplateId), index('bpus_market_idx').on(table.marketId)],
);

/** A price line of a BPU (prestation_sst): the cost of one template prestation. */
export const prestationPrices = pgTable(
  'prestation_prices',
  {
    id: serial('id').primaryKey(),
    bpuId: integer('bpu_id')
      .notNull()
      .references(() => bpus.id, { onDelete: 'cascade' }),
    prestationId: integer('prestation_id')
      .notNull()
      .references(() => prestations.id),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    uniqueIndex('prestation_prices_bpu_prestation_unique').on(table.bpuId, table.prestationId),
    index('prestation_prices_prestation_idx').on(table.prestationId),
  ],
);

/** Order templates (os_template): a named selection of the prestations of one BPU template. */
export const orderTemplates = pgTable(
  'order_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bpuTemplateId: integer('bpu_template_id')
      .notNull()
      .references(() => bpuTemplates.id),
    ...versioned,
  },
  (table) => [index('order_templates_template_idx').on(table.bpuTemplateId)],
);

export const orderTemplatePrestations = pgTable(
  'order_template_prestations',
  {
    orderTemplateId: integer('order_template_id')
      .notNull()
      .references(() => orderTemplates.id, { onDelete: 'cascade' }),
    prestationId: integer('prestation_id')
      .notNull()
      .references(() => prestations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.orderTemplateId, table.prestationId] }),
    index('order_template_prestations_prestation_idx').on(table.prestationId),
  ],
);
