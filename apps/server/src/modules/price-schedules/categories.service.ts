import {
  CATEGORY_HAS_CHILDREN_MESSAGE,
  CATEGORY_PARENT_NOT_TOP_MESSAGE,
  type CategoryRecord,
  type categoryCreateSchema,
  type categoryUpdateSchema,
  formatMessage,
  SUBCATEGORY_NAME_TAKEN_MESSAGE,
  TOP_CATEGORY_NAME_TAKEN_MESSAGE,
} from '@isf/contract';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { categories, prestations } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { normalizeName, planCategoryMerges } from './category-merge.js';

const parents = alias(categories, 'parent');

/** Categories: two levels (a top category, or a child of a top category); duplicates merge on demand. */
export function createCategoryService(database: Database) {
  const crud = createCrud(database, {
    table: categories,
    entity: 'category',
    selection: { id: categories.id, version: categories.version, name: categories.name, parent: categories.parentId },
  });

  async function assertParent(db: Database, parentId: number | null, selfId: number | null) {
    if (parentId === null) {
      return;
    }
    const [parent] = await db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, parentId))
      .limit(1);
    if (!parent) {
      throw badRequest('Catégorie parente inconnue.', { parent: formatMessage('validation.selectItem') });
    }
    if (parent.parentId !== null || parent.id === selfId) {
      throw badRequest(CATEGORY_PARENT_NOT_TOP_MESSAGE, { parent: CATEGORY_PARENT_NOT_TOP_MESSAGE });
    }
    if (selfId !== null) {
      const [child] = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, selfId)).limit(1);
      if (child) {
        throw badRequest(CATEGORY_HAS_CHILDREN_MESSAGE, { parent: CATEGORY_HAS_CHILDREN_MESSAGE });
      }
    }
  }

  /**
   * Two categories of one level (same parent, or both top) cannot share a name, case, accents and spacing
   * aside. No unique index: older data may hold such duplicates, which the merge (`dedupe`) resolves. The
   * table lock makes two concurrent creations of one name wait for each other.
   */
  async function assertNameFree(db: Database, name: string, parentId: number | null, selfId: number | null) {
    await db.execute(sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`);
    const level = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
    const wanted = normalizeName(name);
    if (level.some((category) => category.id !== selfId && normalizeName(category.name) === wanted)) {
      const message = parentId === null ? TOP_CATEGORY_NAME_TAKEN_MESSAGE : SUBCATEGORY_NAME_TAKEN_MESSAGE;
      throw badRequest(message, { name: message });
    }
  }

  return {
    async get(id: number): Promise<CategoryRecord> {
      const [row] = await database
        .select({
          id: categories.id,
          version: categories.version,
          name: categories.name,
          parent: categories.parentId,
          parentName: parents.name,
        })
        .from(categories)
        .leftJoin(parents, eq(parents.id, categories.parentId))
        .where(eq(categories.id, id))
        .limit(1);
      if (!row) {
        throw notFound();
      }
      return row;
    },

    async create(input: z.output<typeof categoryCreateSchema>, context: AuditContext): Promise<number> {
      return database.transaction(async (transaction) => {
        await assertParent(transaction, input.parent, null);
        await assertNameFree(transaction, input.name, input.parent, null);
        return crud.create({ name: input.name, parentId: input.parent }, context, transaction);
      });
    },

    async update(id: number, input: z.output<typeof categoryUpdateSchema>, context: AuditContext) {
      return crud.update(id, { name: input.name, parentId: input.parent, version: input.version }, context, {
        check: async (_before, transaction) => {
          await assertParent(transaction, input.parent, id);
          await assertNameFree(transaction, input.name, input.parent, id);
        },
      });
    },

    remove: crud.remove,

    /** Top categories, by name (pickers). */
    async allParents() {
      return database
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.name), asc(categories.id));
    },

    async subcategories(parentId: number) {
      await crud.get(parentId);
      return database
        .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.parentId, parentId))
        .orderBy(asc(categories.name), asc(categories.id));
    },

    assertExists: crud.get,

    /**
     * Merges categories of the same name (case, accents, spaces aside) and parent into the lowest id:
     * subcategories and prestations are repointed, the duplicates deleted; one transaction, one audit row.
     */
    async dedupe(context: AuditContext): Promise<number> {
      return database.transaction(async (transaction) => {
        await transaction.execute(sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`);
        const all = await transaction
          .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
          .from(categories);
        const merges = planCategoryMerges(all);
        for (const { keep, merged } of merges) {
          await transaction
            .update(categories)
            .set({ parentId: keep, version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
            .where(inArray(categories.parentId, merged));
          await transaction
            .update(prestations)
            .set({ categoryId: keep, version: sql`${prestations.version} + 1`, updatedAt: sql`now()` })
            .where(inArray(prestations.categoryId, merged));
          await transaction.delete(categories).where(inArray(categories.id, merged));
        }
        const count = merges.reduce((total, merge) => total + merge.merged.length, 0);
        if (count > 0) {
          await recordAudit(transaction, context, { entity: 'category', entityId: null, action: 'merge', after: { merges } });
        }
        return count;
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
