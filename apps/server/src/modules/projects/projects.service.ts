import {
  ATTACHMENT_ENTITY,
  ATTACHMENT_PAID_NODE,
  eotpTooShortMessage,
  type imputationCreateSchema,
  type imputationUpdateSchema,
  type projectCreateSchema,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { businessUnits, imputations, projects, projectTypes, roles, userProjects, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { itemsAtNodesSql } from '../workflow/index.js';

type ProjectInput = z.output<typeof projectCreateSchema>;

const projectSelection = {
  id: projects.id,
  version: projects.version,
  name: projects.name,
  code: projects.code,
  typeId: projects.typeId,
  managerId: projects.managerId,
  address: projects.address,
  businessUnitId: projects.businessUnitId,
  msGenerationDate: projects.msGenerationDate,
  paymentGuarantee: projects.paymentGuarantee,
  shareFiles: projects.shareFiles,
};

/** The order nodes whose orders count in an imputation's "validated or closed" counters. */
const ORDER_VALIDATED_OR_CLOSED_NODES = ['os_validated', 'os_closed'] as const;

const imputationSelection = {
  id: imputations.id,
  version: imputations.version,
  projectId: imputations.projectId,
  eotp: imputations.eotp,
  description: imputations.description,
  active: imputations.active,
};

/** Projects (spec 3 /projects): information, users and imputations. */
export function createProjectService(database: Database) {
  const projectCrud = createCrud(database, { table: projects, entity: 'project', selection: projectSelection });
  const imputationCrud = createCrud(database, { table: imputations, entity: 'imputation', selection: imputationSelection });

  async function assertReferences(input: ProjectInput) {
    const checks: [number | null, () => Promise<unknown[]>, string][] = [
      [
        input.typeId,
        () =>
          database
            .select({ id: projectTypes.id })
            .from(projectTypes)
            .where(eq(projectTypes.id, input.typeId ?? 0)),
        'typeId',
      ],
      [
        input.managerId,
        () =>
          database
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, input.managerId ?? 0)),
        'managerId',
      ],
      [
        input.businessUnitId,
        () =>
          database
            .select({ id: businessUnits.id })
            .from(businessUnits)
            .where(eq(businessUnits.id, input.businessUnitId ?? 0)),
        'businessUnitId',
      ],
    ];
    for (const [value, query, field] of checks) {
      if (value !== null && (await query()).length === 0) {
        throw badRequest('Élément sélectionné inconnu.', { [field]: 'Élément inconnu.' });
      }
    }
  }

  async function projectCode(projectId: number): Promise<string> {
    const [project] = await database.select({ code: projects.code }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) {
      throw badRequest('Projet inconnu.', { projectId: 'Projet inconnu.' });
    }
    return project.code;
  }

  function assertEotp(eotp: string, code: string) {
    if (eotp.length <= code.length) {
      throw badRequest(eotpTooShortMessage(code), { eotp: eotpTooShortMessage(code) });
    }
  }

  return {
    async get(id: number) {
      const project = await projectCrud.get(id);
      const [names] = await database
        .select({
          typeName: projectTypes.name,
          managerName: users.name,
          businessUnitName: businessUnits.name,
        })
        .from(projects)
        .leftJoin(projectTypes, eq(projectTypes.id, projects.typeId))
        .leftJoin(users, eq(users.id, projects.managerId))
        .leftJoin(businessUnits, eq(businessUnits.id, projects.businessUnitId))
        .where(eq(projects.id, id));
      return { ...project, ...names };
    },

    async create(input: ProjectInput, context: AuditContext) {
      await assertReferences(input);
      return projectCrud.create(input, context);
    },

    async update(id: number, input: ProjectInput & { version: number }, context: AuditContext) {
      await assertReferences(input);
      return projectCrud.update(id, input, context);
    },

    remove: projectCrud.remove,

    async users(projectId: number) {
      return database
        .select({ id: users.id, uid: users.uid, name: users.name, mail: users.mail, roleName: roles.name, active: users.active })
        .from(userProjects)
        .innerJoin(users, eq(users.id, userProjects.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(userProjects.projectId, projectId))
        .orderBy(asc(users.name), asc(users.id));
    },

    async addUser(projectId: number, userId: number, context: AuditContext) {
      await database.transaction(async (transaction) => {
        const [user] = await transaction.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
        if (!user) {
          throw notFound('user.unknown');
        }
        const inserted = await transaction.insert(userProjects).values({ userId, projectId }).onConflictDoNothing().returning();
        if (inserted.length > 0) {
          await recordAudit(transaction, context, {
            entity: 'user_project',
            entityId: `${userId}:${projectId}`,
            action: 'create',
            after: { userId, projectId },
          });
        }
      });
    },

    async removeUser(projectId: number, userId: number, context: AuditContext) {
      await database.transaction(async (transaction) => {
        const removed = await transaction
          .delete(userProjects)
          .where(and(eq(userProjects.projectId, projectId), eq(userProjects.userId, userId)))
          .returning();
        if (removed.length === 0) {
          throw notFound();
        }
        await recordAudit(transaction, context, {
          entity: 'user_project',
          entityId: `${userId}:${projectId}`,
          action: 'delete',
          before: { userId, projectId },
        });
      });
    },

    /**
     * Imputations of a project with their four counters (spec 3 §2 Project detail, §3 Imputation): the
     * orders charged to it that are validated or closed, and the paid attachments of the orders charged
     * to it, each as a count and a total before tax.
     */
    async imputations(projectId: number) {
      const validatedOrders = sql`FROM orders o
        JOIN workflow_tokens wt ON wt.entity_name = 'order' AND wt.entity_id = o.id
        JOIN workflow_nodes wn ON wn.id = wt.node_id
        WHERE o.imputation_id = ${imputations.id} AND wn.code IN (${sql.join(
          ORDER_VALIDATED_OR_CLOSED_NODES.map((code) => sql`${code}`),
          sql`, `,
        )})`;
      const paidAttachments = itemsAtNodesSql(
        { rows: sql`attachments a JOIN orders o ON o.id = a.order_id`, entity: ATTACHMENT_ENTITY, entityId: sql`a.id` },
        [ATTACHMENT_PAID_NODE],
        sql`o.imputation_id = ${imputations.id}`,
      );
      return database
        .select({
          ...imputationSelection,
          nbOsValidatedOrClosed: sql<number>`(SELECT count(*)::int ${validatedOrders})`,
          totalOsValidatedOrClosed: sql<string>`(SELECT coalesce(sum(o.total), 0)::numeric(14, 2)::text ${validatedOrders})`,
          nbAttachementPayed: sql<number>`(SELECT count(*)::int ${paidAttachments})`,
          totalAttachementPayed: sql<string>`(SELECT coalesce(sum(a.amount), 0)::numeric(14, 2)::text ${paidAttachments})`,
        })
        .from(imputations)
        .where(eq(imputations.projectId, projectId))
        .orderBy(asc(imputations.eotp));
    },

    async createImputation(input: z.output<typeof imputationCreateSchema>, context: AuditContext) {
      assertEotp(input.eotp, await projectCode(input.projectId));
      return imputationCrud.create(input, context);
    },

    async updateImputation(id: number, input: z.output<typeof imputationUpdateSchema>, context: AuditContext) {
      const current = await imputationCrud.get(id);
      assertEotp(input.eotp, await projectCode(Number(current.projectId)));
      return imputationCrud.update(id, input, context);
    },

    getImputation: imputationCrud.get,
    removeImputation: imputationCrud.remove,
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
