import type { BpuRow, BpuTemplateRow, CategoryRow, OrderTemplateRow, PrestationRow } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list-engine.js';

/** Categories (spec 3 /categories): name and parent. */
export const categoryList = defineList<CategoryRow>({
  name: 'categories',
  from: sql`categories c LEFT JOIN categories cp ON cp.id = c.parent_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`c.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`c.name`, kind: 'text', label: 'Nom' },
    parentId: { sql: sql`c.parent_id`, kind: 'id', label: 'Catégorie parente (id)', hiddenInCsv: true },
    parentName: { sql: sql`cp.name`, kind: 'text', label: 'Catégorie parente' },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

/** Top categories only (`GET /category/parent`). */
export const parentCategoryList = defineList({ ...categoryList, name: 'parent-categories', where: sql`c.parent_id IS NULL` });

/** The subcategories of one category (`GET /category/{id}/subcategories`, the category's id in `where`). */
export const subcategoryList = defineList({ ...categoryList, name: 'subcategories' });

/**
 * Prestations with their names. `categoryParentName` is the parent of the prestation's own category
 * (null when that category is a top one) and `categoryName` the category itself, as in the CSV files.
 */
export const PRESTATION_FROM = sql`prestations p
  JOIN bpu_templates t ON t.id = p.bpu_template_id
  JOIN prestation_references r ON r.id = p.reference_id
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN categories cp ON cp.id = c.parent_id
  JOIN units u ON u.id = p.unit_id
  JOIN prestation_types pt ON pt.id = p.type_id`;

export const prestationList = defineList<PrestationRow>({
  name: 'prestations',
  from: PRESTATION_FROM,
  countFrom: sql`prestations p`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`p.id`, kind: 'id', label: 'ID' },
    bpuTemplateId: { sql: sql`p.bpu_template_id`, kind: 'id', label: 'Modèle de BPU (id)', hiddenInCsv: true },
    bpuTemplateName: { sql: sql`t.name`, kind: 'text', label: 'Modèle de BPU', joined: true },
    referenceName: { sql: sql`r.name`, kind: 'text', label: 'Référence', joined: true },
    categoryParentName: { sql: sql`cp.name`, kind: 'text', label: 'Catégorie parente', joined: true },
    categoryName: { sql: sql`c.name`, kind: 'text', label: 'Catégorie', joined: true },
    code: { sql: sql`p.code`, kind: 'text', label: 'Code' },
    description: { sql: sql`p.description`, kind: 'text', label: 'Désignation' },
    unitName: { sql: sql`u.name`, kind: 'text', label: 'Unité', joined: true },
    typeName: { sql: sql`pt.name`, kind: 'text', label: 'Type', joined: true },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

export const bpuTemplateList = defineList<BpuTemplateRow>({
  name: 'bpu-templates',
  from: sql`bpu_templates t`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`t.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`t.name`, kind: 'text', label: 'Nom' },
    prestationCount: {
      sql: sql`(SELECT count(*)::int FROM prestations p WHERE p.bpu_template_id = t.id)`,
      kind: 'number',
      label: 'Nombre de prestations',
    },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

export const bpuList = defineList<BpuRow>({
  name: 'bpus',
  from: sql`bpus b JOIN bpu_templates t ON t.id = b.bpu_template_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`b.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`b.name`, kind: 'text', label: 'Nom' },
    bpuTemplateId: { sql: sql`b.bpu_template_id`, kind: 'id', label: 'Modèle de BPU (id)', hiddenInCsv: true },
    bpuTemplateName: { sql: sql`t.name`, kind: 'text', label: 'Modèle de BPU' },
    marketId: { sql: sql`b.market_id`, kind: 'id', label: 'Marché' },
    locked: { sql: sql`b.locked`, kind: 'boolean', label: 'Verrouillé' },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});

export const orderTemplateList = defineList<OrderTemplateRow>({
  name: 'order-templates',
  from: sql`order_templates o JOIN bpu_templates t ON t.id = o.bpu_template_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`o.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`o.name`, kind: 'text', label: 'Nom' },
    bpuTemplateId: { sql: sql`o.bpu_template_id`, kind: 'id', label: 'Modèle de BPU (id)', hiddenInCsv: true },
    bpuTemplateName: { sql: sql`t.name`, kind: 'text', label: 'Modèle de BPU' },
    prestationCount: {
      sql: sql`(SELECT count(*)::int FROM order_template_prestations op WHERE op.order_template_id = o.id)`,
      kind: 'number',
      label: 'Nombre de prestations',
    },
  },
  defaultSort: { column: 'id', direction: 'asc' },
});
