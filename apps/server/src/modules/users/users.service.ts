import {
  type LoginWarning,
  PERIMETER_CHANGED_MESSAGE,
  USER_NOT_EDITABLE_MESSAGE,
  type userCreateSchema,
  type userUpdateSchema,
  type Visibility,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { agencies, companies, projects, roles, userAgencies, userProjects, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, HttpError, notFound, staleVersion } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Principal } from '../../platform/principal.js';
import { profileAnomaly } from '../auth/index.js';
import { loadRoleParents, mayEditUserWithRole } from '../roles/index.js';

type UserCreate = z.output<typeof userCreateSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

const managers = alias(users, 'managers');
const parents = alias(users, 'parents');

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Users and their profiles (spec 3 /users): the edit rule of the role hierarchy guards every change. */
export function createUserService(database: Database, onChange: () => void) {
  async function findUser(db: Database, id: number) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async function requireRole(db: Database, roleId: number) {
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
    if (!role) {
      throw badRequest('Rôle inconnu.', { role: 'Rôle inconnu.' });
    }
    return role;
  }

  async function requireManager(db: Database, managerId: number | null) {
    if (managerId !== null && !(await findUser(db, managerId))) {
      throw badRequest('Responsable inconnu.', { manager: 'Responsable inconnu.' });
    }
  }

  /** Refuses (403) a change of a user whose role is above the editor's own role. */
  async function assertMayEdit(db: Database, editor: Principal, targetRoleId: number) {
    if (!mayEditUserWithRole(editor.roleId, targetRoleId, await loadRoleParents(db))) {
      throw new HttpError(403, { error: USER_NOT_EDITABLE_MESSAGE, detail: USER_NOT_EDITABLE_MESSAGE });
    }
  }

  async function editableUser(db: Database, editor: Principal, id: number) {
    const user = await findUser(db, id);
    if (!user) {
      throw notFound();
    }
    await assertMayEdit(db, editor, user.roleId);
    return user;
  }

  async function warningsOf(db: Database, userId: number, visibility: Visibility, hasManager: boolean): Promise<LoginWarning[]> {
    const [counts] = await db
      .select({
        projects: sql<number>`(SELECT count(*)::int FROM user_projects WHERE user_id = ${userId})`,
        agencies: sql<number>`(SELECT count(*)::int FROM user_agencies WHERE user_id = ${userId})`,
      })
      .from(sql`(SELECT 1) AS one`);
    const anomaly = profileAnomaly(visibility, { projects: counts?.projects ?? 0, agencies: counts?.agencies ?? 0, hasManager });
    return anomaly ? [anomaly as LoginWarning] : [];
  }

  async function audited<T>(context: AuditContext, entityId: number, action: string, change: (db: Database) => Promise<T>) {
    const result = await database.transaction(async (transaction) => {
      const before = await findUser(transaction, entityId);
      const value = await change(transaction);
      const after = await findUser(transaction, entityId);
      const strip = (row: typeof before) => (row ? { ...row, passwordHash: undefined } : null);
      await recordAudit(transaction, context, { entity: 'user', entityId, action, before: strip(before), after: strip(after) });
      return value;
    });
    onChange();
    return result;
  }

  return {
    async get(id: number, viewer: Principal) {
      const [row] = await database
        .select({
          user: users,
          role: roles,
          manager: { id: managers.id, name: managers.name },
          parent: { id: parents.id, uid: parents.uid },
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(managers, eq(managers.id, users.managerId))
        .leftJoin(parents, eq(parents.id, users.parentId))
        .where(eq(users.id, id))
        .limit(1);
      if (!row) {
        throw notFound('user.unknown');
      }
      const { user, role } = row;
      const children = await database
        .select({ id: users.id, uid: users.uid, roleId: roles.id, roleName: roles.name, active: users.active })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.parentId, user.id))
        .orderBy(asc(users.id));
      const parentsOfRoles = await loadRoleParents(database);
      return {
        id: user.id,
        version: user.version,
        uid: user.uid,
        cn: user.cn,
        name: user.name,
        mail: user.mail,
        phone: user.phone,
        engagement: user.engagement,
        service: user.service,
        quality: user.quality,
        active: user.active,
        userManualUrl: user.userManualUrl,
        role: { id: role.id, name: role.name, visibility: role.visibility },
        manager: row.manager?.id ? row.manager : null,
        parent: row.parent?.id ? row.parent : null,
        children,
        warnings: await warningsOf(database, user.id, role.visibility as Visibility, user.managerId !== null),
        editable: viewer.rights.update.has('user') && mayEditUserWithRole(viewer.roleId, role.id, parentsOfRoles),
      };
    },

    async create(input: UserCreate, editor: Principal, context: AuditContext): Promise<number> {
      const id = await database.transaction(async (transaction) => {
        const role = await requireRole(transaction, input.role);
        await assertMayEdit(transaction, editor, role.id);
        await requireManager(transaction, input.manager);
        const [existing] = await transaction.select({ id: users.id }).from(users).where(eq(users.uid, input.cn)).limit(1);
        if (existing) {
          throw badRequest('Un utilisateur existe déjà avec ce nom commun.', { cn: 'Nom commun déjà utilisé.' });
        }
        const [created] = await transaction
          .insert(users)
          .values({
            uid: input.cn,
            cn: input.cn,
            name: input.name ?? input.cn,
            mail: input.mail,
            phone: input.phone,
            roleId: role.id,
            managerId: input.manager,
            engagement: input.engagement,
            service: input.service,
            quality: input.quality,
            passwordHash: input.password ? await hashPassword(input.password) : null,
          })
          .returning({ id: users.id });
        const userId = created?.id ?? 0;
        await recordAudit(transaction, context, {
          entity: 'user',
          entityId: userId,
          action: 'create',
          after: { ...input, password: undefined },
        });
        return userId;
      });
      return id;
    },

    async update(id: number, input: UserUpdate, editor: Principal, context: AuditContext) {
      return audited(context, id, 'update', async (transaction) => {
        const user = await editableUser(transaction, editor, id);
        if (user.version !== input.version) {
          throw staleVersion(user.version);
        }
        const role = await requireRole(transaction, input.role);
        await assertMayEdit(transaction, editor, role.id);
        await requireManager(transaction, input.manager);
        if (input.manager === id) {
          throw badRequest('Un utilisateur ne peut pas être son propre responsable.', { manager: 'Responsable invalide.' });
        }
        const { version, role: roleId, manager, ...fields } = input;
        await updateAtVersion(transaction, users, id, version, { ...fields, roleId, managerId: manager });
      });
    },

    async setActive(id: number, active: boolean, editor: Principal, context: AuditContext) {
      await audited(context, id, active ? 'reactivate' : 'deactivate', async (transaction) => {
        await editableUser(transaction, editor, id);
        await transaction
          .update(users)
          .set({ active, version: sql`${users.version} + 1` })
          .where(eq(users.id, id));
      });
    },

    /** Adds a secondary profile with a role, or reactivates the inactive one the user had with it. */
    async addProfile(id: number, roleId: number, editor: Principal, context: AuditContext): Promise<number> {
      return audited(context, id, 'add-profile', async (transaction) => {
        const user = await editableUser(transaction, editor, id);
        const mainId = user.parentId ?? user.id;
        const main = user.parentId ? await findUser(transaction, mainId) : user;
        const role = await requireRole(transaction, roleId);
        await assertMayEdit(transaction, editor, role.id);
        if (main?.roleId === role.id) {
          throw badRequest('Le profil principal a déjà ce rôle.', { role: 'Rôle déjà porté.' });
        }
        const [existing] = await transaction
          .select()
          .from(users)
          .where(and(eq(users.parentId, mainId), eq(users.roleId, role.id)))
          .limit(1);
        if (existing?.active) {
          throw badRequest('Cet utilisateur a déjà un profil avec ce rôle.', { role: 'Profil existant.' });
        }
        if (existing) {
          await transaction
            .update(users)
            .set({ active: true, version: sql`${users.version} + 1` })
            .where(eq(users.id, existing.id));
          return existing.id;
        }
        const [created] = await transaction
          .insert(users)
          .values({
            uid: `${main?.uid ?? user.uid}.${slug(role.name)}`,
            cn: main?.cn ?? user.cn,
            name: main?.name ?? user.name,
            mail: main?.mail ?? user.mail,
            phone: main?.phone ?? user.phone,
            roleId: role.id,
            parentId: mainId,
            managerId: main?.managerId ?? null,
            engagement: main?.engagement ?? '0',
          })
          .returning({ id: users.id });
        return created?.id ?? 0;
      });
    },

    /** Gives another user the projects and agencies of this one (spec 3: perimeter transfer). */
    async transferPerimeter(id: number, otherId: number, editor: Principal, context: AuditContext): Promise<string> {
      await audited(context, otherId, 'perimeter', async (transaction) => {
        await editableUser(transaction, editor, id);
        await editableUser(transaction, editor, otherId);
        if (id === otherId) {
          throw badRequest('Choisissez un autre utilisateur.', { user: 'Même utilisateur.' });
        }
        await transaction.execute(
          sql`INSERT INTO user_projects (user_id, project_id) SELECT ${otherId}, project_id FROM user_projects WHERE user_id = ${id} ON CONFLICT DO NOTHING`,
        );
        await transaction.execute(
          sql`INSERT INTO user_agencies (user_id, agency_id) SELECT ${otherId}, agency_id FROM user_agencies WHERE user_id = ${id} ON CONFLICT DO NOTHING`,
        );
      });
      return PERIMETER_CHANGED_MESSAGE;
    },

    async agenciesOf(id: number) {
      return database
        .select({ id: agencies.id, name: agencies.name, siret: agencies.siret, companyName: companies.name })
        .from(userAgencies)
        .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
        .innerJoin(companies, eq(companies.id, agencies.companyId))
        .where(eq(userAgencies.userId, id))
        .orderBy(asc(agencies.name), asc(agencies.id));
    },

    async projectsOf(id: number) {
      return database
        .select({ id: projects.id, code: projects.code, name: projects.name })
        .from(userProjects)
        .innerJoin(projects, eq(projects.id, userProjects.projectId))
        .where(eq(userProjects.userId, id))
        .orderBy(asc(projects.code), asc(projects.id));
    },
  };
}
