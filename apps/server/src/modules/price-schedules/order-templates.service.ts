import {
  type OrderTemplateTree,
  type orderTemplateCreateSchema,
  type orderTemplateUpdateSchema,
  PRESTATION_OUTSIDE_TEMPLATE_MESSAGE,
  type PrestationRecord,
} from '@isf/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { orderTemplatePrestations, orderTemplates, prestations } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest } from '../../platform/errors.js';
import { assertBpuTemplateExists } from './bpu-templates.service.js';
import { prestationRows } from './prestation-rows.js';

const byName = (left: { name: string }, right: { name: string }) => left.name.localeCompare(right.name, 'fr');

/** Groups a template's prestations by parent category, then subcategory (null: attached to the parent itself). */
export function groupByCategory(rows: PrestationRecord[], selected: ReadonlySet<number>): OrderTemplateTree {
  const tree: OrderTemplateTree = [];
  for (const row of rows) {
    const parent = { id: row.category, name: row.categoryParentName ?? row.categoryName };
    const category = row.subcategory === null ? null : { id: row.subcategory, name: row.categoryName };
    let group = tree.find((candidate) => candidate.parentCategory.id === parent.id);
    if (!group) {
      group = { parentCategory: parent, categories: [] };
      tree.push(group);
    }
    let branch = group.categories.find((candidate) => (candidate.category?.id ?? null) === (category?.id ?? null));
    if (!branch) {
      branch = { category, prestations: [] };
      group.categories.push(branch);
    }
    branch.prestations.push({
      id: row.id,
      code: row.code,
      description: row.description,
      unitName: row.unitName,
      typeName: row.typeName,
      selected: selected.has(row.id),
    });
  }
  for (const group of tree) {
    group.categories.sort((left, right) =>
      left.category === null ? -1 : right.category === null ? 1 : byName(left.category, right.category),
    );
  }
  return tree.sort((left, right) => byName(left.parentCategory, right.parentCategory));
}

/** Order templates (os_template): a name, a BPU template (fixed at creation) and a selection of its prestations. */
export function createOrderTemplateService(database: Database) {
  const crud = createCrud(database, {
    table: orderTemplates,
    entity: 'os_template',
    selection: {
      id: orderTemplates.id,
      version: orderTemplates.version,
      name: orderTemplates.name,
      bpuTemplate: orderTemplates.bpuTemplateId,
      bpuTemplateName: sql<string>`(SELECT name FROM bpu_templates WHERE id = ${orderTemplates.bpuTemplateId})`.as(
        'bpuTemplateName',
      ),
    },
  });

  async function selectedIds(db: Database, id: number): Promise<number[]> {
    const rows = await db
      .select({ id: orderTemplatePrestations.prestationId })
      .from(orderTemplatePrestations)
      .where(eq(orderTemplatePrestations.orderTemplateId, id))
      .orderBy(asc(orderTemplatePrestations.prestationId));
    return rows.map((row) => row.id);
  }

  return {
    /** The template with its selected prestation ids and the whole prestation tree of its BPU template. */
    async get(id: number) {
      const template = await crud.get(id);
      const selected = await selectedIds(database, id);
      const rows = await prestationRows(database, sql`p.bpu_template_id = ${Number(template.bpuTemplate)}`);
      return { ...template, prestations: selected, tree: groupByCategory(rows, new Set(selected)) };
    },

    async create(input: z.output<typeof orderTemplateCreateSchema>, context: AuditContext): Promise<number> {
      await assertBpuTemplateExists(database, input.bpuTemplate);
      return crud.create({ name: input.name, bpuTemplateId: input.bpuTemplate }, context);
    },

    async update(id: number, input: z.output<typeof orderTemplateUpdateSchema>, context: AuditContext) {
      const wanted = [...new Set(input.prestations)].sort((left, right) => left - right);
      return crud.update(id, { name: input.name, version: input.version }, context, {
        check: async (before, transaction) => {
          const inTemplate =
            wanted.length === 0
              ? []
              : await transaction
                  .select({ id: prestations.id })
                  .from(prestations)
                  .where(and(inArray(prestations.id, wanted), eq(prestations.bpuTemplateId, Number(before.bpuTemplate))));
          if (inTemplate.length !== wanted.length) {
            throw badRequest(PRESTATION_OUTSIDE_TEMPLATE_MESSAGE, { prestations: PRESTATION_OUTSIDE_TEMPLATE_MESSAGE });
          }
        },
        afterWrite: async (transaction) => {
          await transaction.delete(orderTemplatePrestations).where(eq(orderTemplatePrestations.orderTemplateId, id));
          if (wanted.length > 0) {
            await transaction
              .insert(orderTemplatePrestations)
              .values(wanted.map((prestationId) => ({ orderTemplateId: id, prestationId })));
          }
          return { prestations: wanted };
        },
      });
    },

    remove: crud.remove,
  };
}
