import { ROLE_NAME_TAKEN_MESSAGE, type RoleRecord, type roleCreateSchema, type roleUpdateSchema } from '@isf/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { foldedRoleName, roleMenus, roles } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, notFound, staleVersion } from '../../platform/errors.js';
import { createsParentLoop } from './role-hierarchy.js';
import { readWorkflowRights, replaceWorkflowRights } from './role-workflow-rights.js';

type RoleInput = z.output<typeof roleCreateSchema>;
type RoleUpdate = z.output<typeof roleUpdateSchema>;

/** The parent of every role, for the hierarchy rules. */
export async function loadRoleParents(db: Database): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: roles.id, parentRoleId: roles.parentRoleId }).from(roles);
  return new Map(rows.map((row) => [row.id, row.parentRoleId]));
}

async function readRole(db: Database, id: number): Promise<RoleRecord | undefined> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!role) {
    return undefined;
  }
  const menus = await db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id));
  const workflowRights = await readWorkflowRights(db, id);
  return {
    id: role.id,
    version: role.version,
    name: role.name,
    description: role.description,
    visibility: role.visibility,
    parentRoleId: role.parentRoleId,
    menus: menus.map((menu) => menu.menuId).sort((a, b) => a - b),
    create: role.createRights,
    read: role.readRights,
    update: role.updateRights,
    delete: role.deleteRights,
    options: role.options,
    ftth: role.ftth,
    ...workflowRights,
  };
}

function columnsOf(input: RoleInput) {
  return {
    name: input.name,
    description: input.description,
    visibility: input.visibility,
    parentRoleId: input.parentRoleId,
    createRights: [...new Set(input.create)],
    readRights: [...new Set(input.read)],
    updateRights: [...new Set(input.update)],
    deleteRights: [...new Set(input.delete)],
    options: [...new Set(input.options)],
    ...(input.ftth === undefined ? {} : { ftth: input.ftth }),
  };
}

async function replaceMenus(db: Database, roleId: number, menuIds: number[]) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  const unique = [...new Set(menuIds)];
  if (unique.length > 0) {
    await db.insert(roleMenus).values(unique.map((menuId) => ({ roleId, menuId })));
  }
}

/** Roles (spec 3 /roles): information, menus, per-entity rights, workflow rights, options; rights apply within seconds. */
export function createRoleService(database: Database, onChange: () => void) {
  /** The unique index `roles_name_unique` has the last word; this check names the field first. */
  async function assertNameFree(roleId: number | null, name: string, db: Database) {
    const [same] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          sql`${foldedRoleName(sql`${roles.name}`)} = ${foldedRoleName(sql`${name}`)}`,
          roleId === null ? undefined : ne(roles.id, roleId),
        ),
      )
      .limit(1);
    if (same) {
      throw badRequest(ROLE_NAME_TAKEN_MESSAGE, { name: ROLE_NAME_TAKEN_MESSAGE });
    }
  }

  async function assertParent(roleId: number | null, parentId: number | null, db: Database) {
    if (parentId === null) {
      return;
    }
    const parents = await loadRoleParents(db);
    if (!parents.has(parentId)) {
      throw badRequest('Rôle parent inconnu.', { parentRoleId: 'Rôle parent inconnu.' });
    }
    if (roleId !== null && createsParentLoop(roleId, parentId, parents)) {
      throw badRequest('Ce rôle parent créerait une boucle dans la hiérarchie.', { parentRoleId: 'Boucle dans la hiérarchie.' });
    }
  }

  return {
    async get(id: number): Promise<RoleRecord> {
      const role = await readRole(database, id);
      if (!role) {
        throw notFound();
      }
      return role;
    },

    async create(input: RoleInput, context: AuditContext): Promise<number> {
      const id = await database.transaction(async (transaction) => {
        await assertNameFree(null, input.name, transaction);
        await assertParent(null, input.parentRoleId, transaction);
        const [created] = await transaction.insert(roles).values(columnsOf(input)).returning({ id: roles.id });
        const roleId = created?.id ?? 0;
        await replaceMenus(transaction, roleId, input.menus);
        await replaceWorkflowRights(transaction, roleId, input);
        await recordAudit(transaction, context, {
          entity: 'role',
          entityId: roleId,
          action: 'create',
          after: await readRole(transaction, roleId),
        });
        return roleId;
      });
      onChange();
      return id;
    },

    async update(id: number, input: RoleUpdate, context: AuditContext): Promise<RoleRecord> {
      const after = await database.transaction(async (transaction) => {
        const before = await readRole(transaction, id);
        if (!before) {
          throw notFound();
        }
        if (before.version !== input.version) {
          throw staleVersion(before.version);
        }
        await assertNameFree(id, input.name, transaction);
        await assertParent(id, input.parentRoleId, transaction);
        await updateAtVersion(transaction, roles, id, input.version, columnsOf(input));
        await replaceMenus(transaction, id, input.menus);
        await replaceWorkflowRights(transaction, id, input);
        const updated = await readRole(transaction, id);
        await recordAudit(transaction, context, { entity: 'role', entityId: id, action: 'update', before, after: updated });
        return updated;
      });
      onChange();
      if (!after) {
        throw notFound();
      }
      return after;
    },

    async remove(id: number, context: AuditContext): Promise<void> {
      await database.transaction(async (transaction) => {
        const before = await readRole(transaction, id);
        if (!before) {
          throw notFound();
        }
        await transaction.delete(roles).where(eq(roles.id, id));
        await recordAudit(transaction, context, { entity: 'role', entityId: id, action: 'delete', before });
      });
      onChange();
    },
  };
}
