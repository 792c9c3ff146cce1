import { type EntityCode, ORACLE_PROJECTS_SYNC_FAILED_MESSAGE, ORACLE_PROJECTS_SYNC_STARTED_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { referenceRoutes } from '../reference/reference-routes';
import { OracleConfigurationListPage } from './oracle-configuration-list-page';
import { canRenameFromOracle, canSyncOracleProjects } from './oracle-configuration-rules';

const SYNC = /Synchroniser les projets/;
const WARNING =
  'Attention : modifier ces valeurs change directement les commandes et les réceptions envoyées au système comptable (Oracle).';
const LIST = {
  content: [
    {
      id: 5,
      code: 'PO_CURRENCY_CODE',
      name: 'Devise des commandes',
      description: 'Code ISO 4217 de la devise',
      value: 'EUR',
    },
  ],
  totalElements: 1,
};

function signIn(rights: { read?: EntityCode[]; update?: EntityCode[] }) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { create: [], read: rights.read ?? [], update: rights.update ?? [], delete: [] } },
    },
  });
}

const render = () =>
  renderRoutes([{ path: '/oracleconfigurations', element: <OracleConfigurationListPage /> }], '/oracleconfigurations');

describe('the Oracle configuration button rules', () => {
  const holding =
    (...held: string[]) =>
    (entity: EntityCode, action: string) =>
      held.includes(`${entity}.${action}`);

  it('shows the project synchronisation with the update right on Oracle projects only', () => {
    expect(canSyncOracleProjects(holding('oracle_project.update'))).toBe(true);
    expect(canSyncOracleProjects(holding('oracle_configuration.update', 'oracle_project.read', 'project.update'))).toBe(false);
  });

  it('shows the rename from Oracle with the read right on the Oracle configuration', () => {
    expect(canRenameFromOracle(holding('oracle_configuration.read'))).toBe(true);
    expect(canRenameFromOracle(holding('user.update', 'oracle_project.update'))).toBe(false);
  });
});

describe('OracleConfigurationListPage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('is the list screen mounted at /oracleconfigurations, with a detail route for the value', () => {
    const routes = referenceRoutes.map(({ path, entity }) => `${path} ${entity}`);
    expect(routes).toContain('/oracleconfigurations oracle_configuration');
    expect(routes).toContain('/oracleconfiguration/:id oracle_configuration');
  });

  it('shows the columns, the warning and the link to the tasks, and no sync button without the right', async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, LIST)),
    );
    signIn({ read: ['oracle_configuration', 'task'], update: ['oracle_configuration'] });
    render();
    expect(await screen.findByRole('heading', { name: 'Configuration Oracle' })).toBeTruthy();
    for (const column of ['Code', 'Nom', 'Description', 'Valeur']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect((await screen.findByRole('link', { name: 'Devise des commandes' })).getAttribute('href')).toBe(
      '/oracleconfiguration/5',
    );
    expect(screen.getByText(WARNING)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tâches' }).getAttribute('href')).toBe('/tasks');
    expect(screen.queryByRole('button', { name: SYNC })).toBeNull();
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });

  it('runs the synchronisation of every business unit, showing the running text, then the counts', async () => {
    const feedback = spyFeedback();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(reply(200, LIST)),
    );
    vi.stubGlobal('fetch', fetchMock);
    signIn({ read: ['oracle_configuration'], update: ['oracle_project'] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: SYNC }));
    expect(await screen.findByText(ORACLE_PROJECTS_SYNC_STARTED_MESSAGE)).toBeTruthy();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe('/api/oracle/projects/sync');

    const counts = (received: number) => ({ received, created: received, updated: 0, unchanged: 0 });
    answer(
      reply(200, {
        success: true,
        message: ORACLE_PROJECTS_SYNC_STARTED_MESSAGE,
        summaries: [
          { businessUnit: 'BU Occitanie', projects: counts(12), tasks: counts(70) },
          { businessUnit: 'BU Île-de-France', projects: counts(8), tasks: counts(44) },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByText(ORACLE_PROJECTS_SYNC_STARTED_MESSAGE)).toBeNull());
    expect(feedback.success).toHaveBeenCalledWith(
      'Synchronisation terminée : 20 projets Oracle et 114 tâches reçus pour 2 business units.',
    );
  });

  it('shows the failure text and what Oracle said when the synchronisation fails', async () => {
    const feedback = spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? reply(502, { error: ORACLE_PROJECTS_SYNC_FAILED_MESSAGE, detail: 'Erreur Oracle (503) : Service Unavailable' })
          : reply(200, LIST),
      ),
    );
    signIn({ read: ['oracle_configuration'], update: ['oracle_project'] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: SYNC }));
    expect(await screen.findByText(ORACLE_PROJECTS_SYNC_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Erreur Oracle (503) : Service Unavailable')).toBeTruthy();
    expect(screen.queryByText(ORACLE_PROJECTS_SYNC_STARTED_MESSAGE)).toBeNull();
    expect(feedback.alert).not.toHaveBeenCalled();
  });
});
