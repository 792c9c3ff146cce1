import { type EntityRights, formatMessage, type MenuEntry, type UserProfile, type Visibility } from '@isf/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, roles, userAgencies, userProjects, users } from '../../db/schema/index.js';
import { HttpError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { Principal } from '../../platform/principal.js';
import type { TokenService } from '../../platform/tokens.js';

const invalidCredentials = () => new HttpError(403, { error: formatMessage('login.invalidCredentials') });

/** Why a profile cannot work (spec 3 §2 User detail): its scope needs projects, a manager or agencies. */
export function profileAnomaly(
  visibility: Visibility,
  facts: { projects: number; agencies: number; hasManager: boolean },
): string | null {
  switch (visibility) {
    case 1:
      return null;
    case 2:
      return facts.projects === 0 ? 'no-project' : null;
    case 3:
      return facts.hasManager ? null : 'no-manager';
    case 4:
      return facts.projects === 0 || facts.agencies === 0 ? 'no-project-or-agency' : null;
  }
}

export function createAuthService(database: Database, tokens: TokenService) {
  return {
    async login(username: string, password: string): Promise<string> {
      const [user] = await database.select().from(users).where(eq(users.uid, username)).limit(1);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid || !user.active) {
        throw invalidCredentials();
      }
      return tokens.issue(user.id);
    },

    async changeProfile(principal: Principal, username: string): Promise<string> {
      const [target] = await database
        .select()
        .from(users)
        .where(
          and(
            eq(users.uid, username),
            eq(users.active, true),
            or(eq(users.id, principal.mainUserId), eq(users.parentId, principal.mainUserId)),
          ),
        )
        .limit(1);
      if (!target) {
        throw new HttpError(403, { error: formatMessage('error.forbidden'), detail: 'Profil indisponible.' });
      }
      return tokens.issue(target.id);
    },

    async profile(principal: Principal): Promise<UserProfile> {
      const [user] = await database.select().from(users).where(eq(users.id, principal.userId)).limit(1);
      const [role] = await database.select().from(roles).where(eq(roles.id, principal.roleId)).limit(1);
      if (!user || !role) {
        throw new HttpError(422, { error: formatMessage('login.profileAnomaly') });
      }
      const [counts] = await database
        .select({
          projects: sql<number>`(SELECT count(*)::int FROM ${userProjects} WHERE ${userProjects.userId} = ${user.id})`,
          agencies: sql<number>`(SELECT count(*)::int FROM ${userAgencies} WHERE ${userAgencies.userId} = ${user.id})`,
        })
        .from(sql`(SELECT 1) AS one`);
      const anomaly = profileAnomaly(role.visibility as Visibility, {
        projects: counts?.projects ?? 0,
        agencies: counts?.agencies ?? 0,
        hasManager: user.managerId !== null,
      });
      if (anomaly) {
        throw new HttpError(422, { error: formatMessage('login.profileAnomaly'), detail: anomaly });
      }
      const menuRows: MenuEntry[] = await database
        .select({ id: menus.id, title: menus.title, path: menus.path, parent: menus.parentId })
        .from(menus)
        .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
        .where(eq(roleMenus.roleId, role.id))
        .orderBy(asc(menus.position), asc(menus.id));
      const mainUserId = user.parentId ?? user.id;
      const profiles = await database
        .select({ id: users.id, uid: users.uid, roleName: roles.name, active: users.active })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(or(eq(users.id, mainUserId), eq(users.parentId, mainUserId)), eq(users.active, true)))
        .orderBy(asc(users.id));
      const rights: EntityRights = {
        create: role.createRights as EntityRights['create'],
        read: role.readRights as EntityRights['read'],
        update: role.updateRights as EntityRights['update'],
        delete: role.deleteRights as EntityRights['delete'],
      };
      const options = role.options.map((option) => option.toLowerCase());
      return {
        id: user.id,
        uid: user.uid,
        name: user.name,
        mail: user.mail,
        phone: user.phone,
        engagement: user.engagement,
        userManualUrl: user.userManualUrl,
        role: { id: role.id, name: role.name, visibility: role.visibility as Visibility, menus: menuRows, rights, options },
        profiles: profiles.filter((profile) => profile.id !== user.id),
        canDelegate: options.includes('users.can_delegate') || options.includes('users.can_admin_delegate'),
        ftth: role.ftth,
      };
    },
  };
}
