import type { EntityCode, RightAction, Visibility } from '@isf/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { roles, users } from '../db/schema/index.js';

/** Who is calling: the active profile (a user row) with its role's rights, options and scope data. */
export type Principal = {
  userId: number;
  /** The person's main profile (the profile itself when it is the main one). */
  mainUserId: number;
  uid: string;
  name: string;
  managerId: number | null;
  roleId: number;
  roleName: string;
  visibility: Visibility;
  /** The role's FTTH flag: the FTTH columns and fields show (docs/decisions.md "FTTH active profile"). */
  ftth: boolean;
  rights: Record<RightAction, ReadonlySet<string>>;
  options: ReadonlySet<string>;
  /** Set when acting for a delegator (workflow delegations). */
  onBehalfOfId: number | null;
};

export function can(principal: Principal, entity: EntityCode, action: RightAction): boolean {
  return principal.rights[action].has(entity);
}

export function hasOption(principal: Principal, option: string): boolean {
  return principal.options.has(option);
}

const CACHE_TTL_MS = 5_000;

/** The principal of a profile and its role, as read from their rows (several profiles in one statement). */
export function principalOf(user: typeof users.$inferSelect, role: typeof roles.$inferSelect): Principal {
  return {
    userId: user.id,
    mainUserId: user.parentId ?? user.id,
    uid: user.uid,
    name: user.name,
    managerId: user.managerId,
    roleId: role.id,
    roleName: role.name,
    visibility: role.visibility as Visibility,
    ftth: role.ftth,
    rights: {
      create: new Set(role.createRights),
      read: new Set(role.readRights),
      update: new Set(role.updateRights),
      delete: new Set(role.deleteRights),
    },
    options: new Set(role.options.map((option) => option.toLowerCase())),
    onBehalfOfId: null,
  };
}

/** Loads principals by profile id, with a short cache: rights changes apply within seconds. */
export function createPrincipalLoader(db: Database) {
  const cache = new Map<number, { principal: Principal | null; expires: number }>();
  async function load(userId: number): Promise<Principal | null> {
    const [row] = await db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId))
      .limit(1);
    return row?.user.active ? principalOf(row.user, row.role) : null;
  }
  return {
    async get(userId: number): Promise<Principal | null> {
      const cached = cache.get(userId);
      if (cached && cached.expires > Date.now()) {
        return cached.principal;
      }
      const principal = await load(userId);
      cache.set(userId, { principal, expires: Date.now() + CACHE_TTL_MS });
      return principal;
    },
    invalidate(): void {
      cache.clear();
    },
  };
}

export type PrincipalLoader = ReturnType<typeof createPrincipalLoader>;
