import type { UserProfile } from '@isf/contract';
import { api } from './api-client';
import { clearAuth, setAuth } from './auth-store';
import { setEditing } from './edit-mode';

const resets = new Set<() => void>();

/**
 * Registers what must be dropped when the session changes hands (logout, profile switch): the query
 * cache registers itself (`query-client.ts`), so that the login page does not load it.
 */
export function onSessionReset(reset: () => void): void {
  resets.add(reset);
}

function resetSession(): void {
  for (const reset of resets) {
    reset();
  }
}

/** Loads the profile of the current token and makes it the active one. */
export async function loadProfile(options: { silent?: boolean } = {}): Promise<UserProfile> {
  const profile = await api.get<UserProfile>('/user/profile', { silent: options.silent });
  setAuth({ profile, activeProfile: profile.uid });
  return profile;
}

/** Switches to another profile of the same person (spec 1 §2 Profile switching): new token, new profile. */
export async function changeProfile(uid: string): Promise<UserProfile | null> {
  const reply = await api.post<{ success: boolean; token?: string }>('/user/change-profile', { username: uid });
  if (!reply.success || !reply.token) {
    return null;
  }
  setAuth({ token: reply.token });
  resetSession();
  return loadProfile();
}

/** Ends the session on this browser: the token, the cached data and any pending edit are dropped. */
export function logout(): void {
  setEditing(false);
  clearAuth();
  resetSession();
}
