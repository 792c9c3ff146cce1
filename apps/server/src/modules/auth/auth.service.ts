import { randomBytes } from 'node:crypto';
import {
  type ChangePasswordPayload,
  type EntityRights,
  formatMessage,
  type MenuEntry,
  passwordRefusal,
  type UserProfile,
  type Visibility,
} from '@isf/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, roleMenus, roles, userAgencies, userProjects, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { Principal } from '../../platform/principal.js';
import type { TokenService } from '../../platform/tokens.js';

const invalidCredentials = () => new HttpError(403, { error: formatMessage('login.invalidCredentials') });

export const CURRENT_PASSWORD_WRONG = 'Le mot de passe actuel est incorrect.';

let decoy: Promise<string> | undefined;

/** A hash of a random password, verified when the login has none: the answer takes as long either way. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}

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
      // an unknown login (or one without password) costs the same hash verification as a known one
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user?.passwordHash || !valid || !user.active) {
        throw invalidCredentials();
      }
      return tokens.issue(user.id);
    },

    /**
     * POST /user/password: the person's own password (on the main profile, whichever profile is active),
     * after the current one; the new one follows the password policy and differs from the current one.
     */
    async changePassword(principal: Principal, input: ChangePasswordPayload, context: AuditContext): Promise<void> {
      await database.transaction(async (transaction) => {
        const [user] = await transaction.select().from(users).where(eq(users.id, principal.mainUserId)).limit(1);
        if (!user || !(await verifyPassword(user.passwordHash ?? (await decoyHash()), input.currentPassword))) {
          throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
        }
        const refusal =
          passwordRefusal(input.newPassword, user.uid) ??
          (input.newPassword === input.currentPassword ? 'Le nouveau mot de passe doit être différent de l’actuel.' : null);
        if (refusal) {
          throw badRequest(refusal, { newPassword: refusal });
        }
        await updateAtVersion(transaction, users, user.id, user.version, { passwordHash: await hashPassword(input.newPassword) });
        await recordAudit(transaction, context, { entity: 'user', entityId: user.id, action: 'password-change' });
      });
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
