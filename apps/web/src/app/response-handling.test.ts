import { MESSAGES_FR } from '@isf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../lib/api-client';
import { getAuth, setAuth } from '../lib/auth-store';
import { isEditing, setEditing } from '../lib/edit-mode';
import { makeProfile, reply, spyFeedback } from '../lib/testing';
import { handleApiError, installResponseHandling } from './response-handling';

describe('global response handling', () => {
  let feedback: ReturnType<typeof spyFeedback>;
  const navigate = vi.fn<(path: string) => void>();

  beforeEach(() => {
    feedback = spyFeedback();
    navigate.mockReset();
    setAuth({ token: 'abc', profile: makeProfile(), activeProfile: 'lecteur' });
    installResponseHandling({ navigate });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('logs out, goes to /login and rejects with "Session expirée" on 401', async () => {
    setEditing(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { error: 'Authentification requise.' })),
    );
    await expect(api.get('/units')).rejects.toThrow(MESSAGES_FR['error.sessionExpired']);
    expect(getAuth().token).toBeNull();
    expect(isEditing()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('logs out and goes to /login on 403', () => {
    handleApiError(new ApiError(403, { error: 'Interdit' }, 'req-403', '/units'), { navigate });
    expect(getAuth().token).toBeNull();
    expect(getAuth().profile).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('alerts the body error and detail with the request id on 400, and logs the body as a warning', () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const body = { error: 'Données invalides.', detail: 'name : obligatoire' };
    handleApiError(new ApiError(400, body, 'req-400', '/unit/create'), { navigate });
    expect(log).toHaveBeenCalledWith(body);
    const [options] = feedback.alert.mock.calls[0] ?? [];
    expect(options?.title).toBe('Données invalides.');
    expect(JSON.stringify(options?.content)).toContain('name : obligatoire');
    expect(JSON.stringify(options?.content)).toContain('RequestId: req-400');
    expect(getAuth().token).toBe('abc');
  });

  it('alerts "Une erreur est survenue. RequestId: {id}" with the id of the x-request-id header on 500', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { error: 'boom' }, 'req-500')),
    );
    await expect(api.get('/units')).rejects.toBeInstanceOf(ApiError);
    expect(feedback.alert).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Une erreur est survenue. RequestId: req-500' }),
    );
  });

  it('shows nothing on 422 and warns on 409', () => {
    handleApiError(new ApiError(422, { error: 'Refus' }, 'req', '/x'), { navigate });
    expect(feedback.alert).not.toHaveBeenCalled();
    expect(feedback.warning).not.toHaveBeenCalled();
    handleApiError(new ApiError(409, { error: 'Version' }, 'req', '/x'), { navigate });
    expect(feedback.warning).toHaveBeenCalledWith(MESSAGES_FR['error.staleVersion']);
  });

  it('alerts the connection text when no response comes', () => {
    handleApiError(new ApiError(0, null, null, '/units'), { navigate });
    expect(feedback.alert).toHaveBeenCalledWith(expect.objectContaining({ content: MESSAGES_FR['login.noResponse'] }));
  });

  it('lists path, status, error, message and request id for other codes', () => {
    handleApiError(new ApiError(404, { error: 'Introuvable', detail: 'unit 9' }, 'req-404', '/unit/9'), { navigate });
    const content = JSON.stringify(feedback.alert.mock.calls[0]?.[0].content);
    for (const part of ['/unit/9', '404', 'Introuvable', 'unit 9', 'req-404']) {
      expect(content).toContain(part);
    }
  });

  it('leaves silent calls to their caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { error: 'boom' })),
    );
    await expect(api.get('/version', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(feedback.alert).not.toHaveBeenCalled();
  });
});
