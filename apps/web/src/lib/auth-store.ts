import type { EntityCode, RightAction, UserProfile } from '@isf/contract';
import { useSyncExternalStore } from 'react';
import { setApiToken } from './api-client';

/**
 * The auth state of spec 1 §3 (token, user, activeProfile), kept in localStorage so a reload keeps the
 * session. Components read it with `useAuth()`; rights checks go through `can` and `hasOption`.
 */
export type AuthState = {
  token: string | null;
  profile: UserProfile | null;
  /** The uid of the profile the user chose last (re-checked on navigation, spec 1 §2). */
  activeProfile: string | null;
};

const STORAGE_KEY = 'isf.auth';
const listeners = new Set<() => void>();

function read(): AuthState {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as AuthState | null;
    if (stored && typeof stored === 'object') {
      return { token: stored.token ?? null, profile: stored.profile ?? null, activeProfile: stored.activeProfile ?? null };
    }
  } catch {
    // a broken entry is the same as none
  }
  return { token: null, profile: null, activeProfile: null };
}

/** The auth state as last written by any tab of this browser (the active-profile check compares it). */
export function readStoredAuth(): AuthState {
  return read();
}

let state: AuthState = read();
setApiToken(state.token);

export function getAuth(): AuthState {
  return state;
}

export function setAuth(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  setApiToken(state.token);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  for (const listener of listeners) {
    listener();
  }
}

export function clearAuth(): void {
  setAuth({ token: null, profile: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function can(profile: UserProfile | null, entity: EntityCode, action: RightAction): boolean {
  return profile?.role.rights[action].includes(entity) ?? false;
}

export function hasOption(profile: UserProfile | null, option: string): boolean {
  return profile?.role.options.includes(option.toLowerCase()) ?? false;
}

export function useAuth() {
  const current = useSyncExternalStore(subscribe, getAuth, getAuth);
  return {
    ...current,
    isAuthenticated: current.token !== null && current.profile !== null,
    can: (entity: EntityCode, action: RightAction) => can(current.profile, entity, action),
    hasOption: (option: string) => hasOption(current.profile, option),
  };
}
