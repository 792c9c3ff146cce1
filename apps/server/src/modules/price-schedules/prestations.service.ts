import {
  formatMessage,
  NEED_CATEGORY_MESSAGE,
  type PrestationRecord,
  type prestationCreateSchema,
  type prestationUpdateSchema,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { bpuTemplates, categories, prestationReferences, prestations, prestationTypes, units } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { prestationRows } from './prestation-rows.js';

type CreateInput = z.output<typeof prestationCreateSchema>;
type UpdateInput = z.output<typeof prestationUpdateSchema>;

const UNKNOWN_ITEM = 'Élément sélectionné inconnu.';
const SUBCATEGORY_REQUIRED = 'La sous-catégorie est obligatoire pour une catégorie qui en a.';

async function exists(db: Database, table: PgTable & { id: PgColumn }, id: number): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The category a prestation is attached to: the subcategory when one is given (it must be a child of
 * the chosen category, else 'need category'), the chosen category otherwise.
 */
export async function resolveCategory(db: Database, category: number, subcategory: number | null): Promise<number> {
  if (!(await exists(db, categories, category))) {
    throw badRequest(UNKNOWN_ITEM, { category: formatMessage('validation.selectItem') });
  }
  if (subcategory === null) {
    return category;
  }
  const [child] = await db
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, subcategory))
    .limit(1);
  if (child?.parentId !== category) {
    throw badRequest(NEED_CATEGORY_MESSAGE, { subcategory: NEED_CATEGORY_MESSAGE });
  }
  return subcategory;
}

async function hasSubcategories(db: Database, category: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, category)).limit(1);
  return rows.length > 0;
}

/** Prestations of BPU templates: reference, category, unit and type are checked to exist. */
export function createPrestationService(database: Database) {
  const crud = createCrud(database, {
    table: prestations,
    entity: 'prestation',
    selection: {
      id: prestations.id,
      version: prestations.version,
      bpuTemplateId: prestations.bpuTemplateId,
      referenceId: prestations.referenceId,
      categoryId: prestations.categoryId,
      unitId: prestations.unitId,
      typeId: prestations.typeId,
      code: prestations.code,
      description: prestations.description,
    },
  });

  async function columnsOf(db: Database, input: CreateInput | UpdateInput) {
    const checks: [PgTable & { id: PgColumn }, number, string][] = [
      [prestationReferences, input.reference, 'reference'],
      [units, input.unit, 'unit'],
      [prestationTypes, input.type, 'type'],
    ];
    for (const [table, id, field] of checks) {
      if (!(await exists(db, table, id))) {
        throw badRequest(UNKNOWN_ITEM, { [field]: formatMessage('validation.selectItem') });
      }
    }
    return {
      referenceId: input.reference,
      categoryId: await resolveCategory(db, input.category, input.subcategory),
      unitId: input.unit,
      typeId: input.type,
      code: input.code,
      description: input.description,
    };
  }

  return {
    async get(id: number): Promise<PrestationRecord> {
      const [row] = await prestationRows(database, sql`p.id = ${id}`);
      if (!row) {
        throw notFound();
      }
      return row;
    },

    async create(input: CreateInput, context: AuditContext): Promise<number> {
      return database.transaction(async (transaction) => {
        if (!(await exists(transaction, bpuTemplates, input.bpu))) {
          throw badRequest(UNKNOWN_ITEM, { bpu: formatMessage('validation.selectItem') });
        }
        const values = { bpuTemplateId: input.bpu, ...(await columnsOf(transaction, input)) };
        return crud.create(values, context, transaction);
      });
    },

    async update(id: number, input: UpdateInput, context: AuditContext) {
      await crud.get(id);
      if (input.subcategory === null && (await hasSubcategories(database, input.category))) {
        throw badRequest(SUBCATEGORY_REQUIRED, { subcategory: formatMessage('validation.selectItem') });
      }
      const values = await columnsOf(database, input);
      return crud.update(id, { ...values, version: input.version }, context);
    },

    remove: crud.remove,
  };
}
