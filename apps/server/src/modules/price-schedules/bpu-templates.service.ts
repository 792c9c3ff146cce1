import { type bpuTemplateCreateSchema, type bpuTemplateUpdateSchema, formatMessage } from '@isf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { bpuTemplates, prestationReferences, prestationTypes, units } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest } from '../../platform/errors.js';
import { prestationOrder, prestationRows } from './prestation-rows.js';

/** A BPU or an order template is built on an existing BPU template: else 400, on the `bpuTemplate` field. */
export async function assertBpuTemplateExists(database: Database, id: number): Promise<void> {
  const [template] = await database.select({ id: bpuTemplates.id }).from(bpuTemplates).where(eq(bpuTemplates.id, id)).limit(1);
  if (!template) {
    throw badRequest('Élément sélectionné inconnu.', { bpuTemplate: formatMessage('validation.selectItem') });
  }
}

/** BPU templates: a name and the prestations that price schedules built on it will price. */
export function createBpuTemplateService(database: Database) {
  const crud = createCrud(database, {
    table: bpuTemplates,
    entity: 'bpu_template',
    selection: { id: bpuTemplates.id, version: bpuTemplates.version, name: bpuTemplates.name },
  });

  return {
    get: crud.get,
    remove: crud.remove,

    async create(input: z.output<typeof bpuTemplateCreateSchema>, context: AuditContext): Promise<number> {
      return crud.create({ name: input.name }, context);
    },

    async update(id: number, input: z.output<typeof bpuTemplateUpdateSchema>, context: AuditContext) {
      return crud.update(id, { name: input.name, version: input.version }, context);
    },

    async all() {
      return database
        .select({ id: bpuTemplates.id, name: bpuTemplates.name })
        .from(bpuTemplates)
        .orderBy(asc(bpuTemplates.name), asc(bpuTemplates.id));
    },

    /** The template's prestations, in the asked order or the default one (spec 3 §9). */
    async prestations(id: number, sort: string | undefined) {
      await crud.get(id);
      return prestationRows(database, sql`p.bpu_template_id = ${id}`, prestationOrder(sort));
    },

    /** The pickers of the template editor. */
    async choices(kind: 'units' | 'references' | 'types') {
      const table = { units, references: prestationReferences, types: prestationTypes }[kind];
      return database.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.name), asc(table.id));
    },

    async exists(id: number): Promise<boolean> {
      const rows = await database.select({ id: bpuTemplates.id }).from(bpuTemplates).where(eq(bpuTemplates.id, id)).limit(1);
      return rows.length > 0;
    },
  };
}

export type BpuTemplateService = ReturnType<typeof createBpuTemplateService>;
