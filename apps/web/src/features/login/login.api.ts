import type { LoginPayload } from '@isf/contract';
import { api } from '../../lib/api-client';

/** Login errors are shown on the form itself, so the call skips the global response handling. */
export function postLogin(payload: LoginPayload): Promise<{ token: string }> {
  return api.post<{ token: string }>('/login', payload, { silent: true });
}

/** An external service owns passwords; its address can be set at build time. */
export const PASSWORD_SERVICE_URL: string = import.meta.env.VITE_PASSWORD_SERVICE_URL ?? 'https://motdepasse.isf.example/';
