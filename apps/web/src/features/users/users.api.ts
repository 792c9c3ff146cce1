import { type LoginWarning, USER_NOT_EDITABLE_MESSAGE } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, reportApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';

export type UserProfileLine = { id: number; uid: string; roleId: number; roleName: string; active: boolean };

export type UserRecord = {
  id: number;
  version: number;
  uid: string;
  cn: string;
  name: string;
  mail: string | null;
  phone: string | null;
  engagement: string;
  service: string | null;
  quality: string | null;
  active: boolean;
  userManualUrl: string | null;
  role: { id: number; name: string; visibility: number };
  manager: { id: number; name: string } | null;
  parent: { id: number; uid: string } | null;
  children: UserProfileLine[];
  warnings: LoginWarning[];
  editable: boolean;
};

export type UserAgency = { id: number; name: string; siret: string | null; companyName: string };
export type UserProject = { id: number; code: string; name: string };

type Reply = { success: boolean; id?: number; message?: string; record?: UserRecord };

export const USER_LIST_PATH = '/users';
export const USER_CSV_PATH = '/user/csv';

export function userQueryKey(id: number): readonly unknown[] {
  return ['user', id];
}

/**
 * A call the server may refuse because the user's role is above the editor's: that 403 is a business
 * refusal shown as such, where any other 403 ends the session (spec 1 §8).
 */
async function refusable<T>(call: (silent: { silent: true }) => Promise<T>): Promise<T> {
  try {
    return await call({ silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.body?.error === USER_NOT_EDITABLE_MESSAGE) {
      getFeedback().alert({ title: USER_NOT_EDITABLE_MESSAGE });
    } else if (error instanceof ApiError) {
      reportApiError(error);
    }
    throw error;
  }
}

/** The user record; an unknown user is shown in place by the detail screen, not as an alert. */
export async function fetchUser(id: number): Promise<UserRecord> {
  try {
    return await api.get<UserRecord>(`/user/${id}`, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 404) {
      reportApiError(error);
    }
    throw error;
  }
}

export function createUser(payload: unknown): Promise<Reply & { id: number }> {
  return refusable((options) => api.post<Reply & { id: number }>('/user/create', payload, options));
}

export function updateUser(id: number, payload: unknown): Promise<Reply> {
  return refusable((options) => api.put<Reply>(`/user/${id}`, payload, options));
}

export function deactivateUser(id: number): Promise<Reply> {
  return refusable((options) => api.delete<Reply>(`/user/${id}/delete`, options));
}

export function reactivateUser(id: number): Promise<Reply> {
  return refusable((options) => api.post<Reply>(`/user/${id}/reactivate`, undefined, options));
}

/** Adds a secondary profile with the role, or reactivates the one the person had with it. */
export function addProfile(id: number, roleId: number): Promise<Reply> {
  return refusable((options) => api.post<Reply>(`/user/${id}/profile/${roleId}`, undefined, options));
}

export function changePerimeter(id: number, otherId: number): Promise<Reply> {
  return refusable((options) => api.post<Reply>(`/user/${id}/perimeter/${otherId}`, undefined, options));
}

export function useUserAgencies(id: number) {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['user', id, 'agencies'],
    queryFn: () => api.get<UserAgency[]>(`/user/${id}/agencies`),
    enabled: id > 0 && can('user_agency', 'read'),
  });
}

export function useUserProjects(id: number) {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['user', id, 'projects'],
    queryFn: () => api.get<UserProject[]>(`/user/${id}/projects`),
    enabled: id > 0 && can('user_project', 'read'),
  });
}
