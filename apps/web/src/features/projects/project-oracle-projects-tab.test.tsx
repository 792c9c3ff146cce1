import { type EntityCode, ORACLE_PROJECT_SYNC_FAILED_MESSAGE, ORACLE_PROJECT_SYNC_RUNNING_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { canSyncWithOracle } from './oracle-sync-rule';
import { ProjectOracleProjectsTab } from './project-oracle-projects-tab';
import type { ProjectRecord } from './projects.api';

const SYNC = 'Synchroniser avec Oracle';

function signIn(update: EntityCode[]) {
  const profile = makeProfile();
  const rights = { create: [], read: ['project', 'oracle_project'] as EntityCode[], update, delete: [] };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

function project(businessUnitId: number | null): ProjectRecord {
  return {
    id: 4,
    version: 1,
    name: 'Déploiement Toulouse lot 1',
    code: 'P02-TOU-1',
    typeId: null,
    managerId: null,
    address: null,
    businessUnitId,
    msGenerationDate: null,
    paymentGuarantee: false,
    shareFiles: false,
    typeName: null,
    managerName: null,
    businessUnitName: businessUnitId === null ? null : 'BU Occitanie',
  };
}

describe('the sync with Oracle button rule', () => {
  it('needs a requisitioning business unit and the update right on project', () => {
    expect(canSyncWithOracle({ businessUnitId: 2 }, true)).toBe(true);
    expect(canSyncWithOracle({ businessUnitId: null }, true)).toBe(false);
    expect(canSyncWithOracle({ businessUnitId: 2 }, false)).toBe(false);
    expect(canSyncWithOracle(undefined, true)).toBe(false);
  });
});

describe('ProjectOracleProjectsTab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('hides the sync button without business unit or without the update right on project', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, [])),
    );
    signIn(['project']);
    renderRoutes([{ path: '/', element: <ProjectOracleProjectsTab project={project(null)} /> }], '/');
    expect(await screen.findByText('no data')).toBeTruthy();
    expect(screen.queryByText(SYNC)).toBeNull();
    cleanup();

    signIn(['oracle_project']);
    renderRoutes([{ path: '/', element: <ProjectOracleProjectsTab project={project(2)} /> }], '/');
    expect(await screen.findByText('no data')).toBeTruthy();
    expect(screen.queryByText(SYNC)).toBeNull();
  });

  it('shows the running message during the sync and the failure message when Oracle fails', async () => {
    spyFeedback();
    signIn(['project']);
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(reply(200, [])),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <ProjectOracleProjectsTab project={project(2)} /> }], '/');
    fireEvent.click(await screen.findByText(SYNC));
    expect(await screen.findByText(ORACLE_PROJECT_SYNC_RUNNING_MESSAGE)).toBeTruthy();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe('/api/oracle/project/4/sync');

    answer(reply(502, { error: ORACLE_PROJECT_SYNC_FAILED_MESSAGE, detail: 'Oracle ne répond pas. Réessayez plus tard.' }));
    expect(await screen.findByText(ORACLE_PROJECT_SYNC_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Oracle ne répond pas. Réessayez plus tard.')).toBeTruthy();
    expect(screen.queryByText(ORACLE_PROJECT_SYNC_RUNNING_MESSAGE)).toBeNull();
  });
});
