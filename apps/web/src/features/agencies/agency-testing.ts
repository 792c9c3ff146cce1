import type { EntityCode, RightAction } from '@isf/contract';
import { setAuth } from '../../lib/auth-store';
import { makeProfile } from '../../lib/testing';

/** Signs a test profile in with exactly these rights (none on anything else). */
export function signInWith(rights: Partial<Record<RightAction, EntityCode[]>>): void {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}
