import { type EntityCode, TASK_STATUSES, type TaskRow, type TaskStatus } from '@isf/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { TaskListPage } from './task-list-page';
import { TaskStatusTag } from './task-status-tag';
import { entityDetailRoute } from './tasks.api';

function signIn(read: EntityCode[]) {
  const profile = makeProfile();
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read } } } });
}

function task(id: number, status: TaskStatus): TaskRow {
  return {
    id,
    jobId: `0000000${id}-aaaa-bbbb-cccc-dddddddddddd`,
    objectName: 'bpu_template',
    objectId: 40 + id,
    creatorId: 7,
    creatorName: 'Louis Lecteur',
    status,
    createdAt: '2025-10-20 08:00:00.123+00',
    events: [
      { time: '2025-10-20T08:00:00.000Z', name: 'Tâche créée' },
      { time: '2025-10-20T08:00:02.000Z', name: 'Refusé', description: 'Ligne 2 : unité inconnue.' },
    ],
    eventLog: null,
  };
}

describe('TaskStatusTag', () => {
  afterEach(cleanup);

  it.each([
    ['CREATED', 'processing'],
    ['PROCESSING', 'warning'],
    ['SUCCESS', 'success'],
    ['ERROR', 'error'],
    ['FAILED', 'error'],
  ] as const)('shows %s in the %s colour', (status, colour) => {
    render(<TaskStatusTag status={status} />);
    const tag = screen.getByText(status);
    expect(tag.className).toContain(`-${colour}`);
    // no other preset colour on the same tag
    for (const other of ['processing', 'warning', 'success', 'error'].filter((name) => name !== colour)) {
      expect(tag.className).not.toContain(`-${other}`);
    }
  });
});

describe('TaskListPage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    spyFeedback();
    fetchMock = vi.fn(async () =>
      reply(200, { content: TASK_STATUSES.map((status, index) => task(5 - index, status)), totalElements: 45 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('asks for 20 tasks newest first and offers no page-size choice', async () => {
    signIn(['task']);
    renderRoutes([{ path: '/tasks', element: <TaskListPage /> }], '/tasks');
    expect(await screen.findByRole('heading', { name: 'Tâches' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/tasks');
    expect(url.searchParams.get('size')).toBe('20');
    expect(url.searchParams.get('sort')).toBe('id,desc');
    for (const header of ['ID', 'JobId', 'Entité', "ID de l'entité", 'Créateur', 'Statut', 'Créée le', 'Événements']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    await screen.findByText('00000001-aaaa-bbbb-cccc-dddddddddddd');
    expect(screen.queryByLabelText('Taille de page')).toBeNull();
  });

  it('shows each status as its tag and the events with their descriptions', async () => {
    signIn(['task']);
    renderRoutes([{ path: '/tasks', element: <TaskListPage /> }], '/tasks');
    const row = (await screen.findByText('00000001-aaaa-bbbb-cccc-dddddddddddd')).closest('tr');
    expect(row).toBeTruthy();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('FAILED').className).toContain('-error');
    expect(cells.getByText('Refusé')).toBeTruthy();
    expect(cells.getByText(/Ligne 2 : unité inconnue\./)).toBeTruthy();
    for (const status of TASK_STATUSES) {
      expect(screen.getByText(status)).toBeTruthy();
    }
  });

  it('reloads the list with the refresh button', async () => {
    signIn(['task']);
    renderRoutes([{ path: '/tasks', element: <TaskListPage /> }], '/tasks');
    await screen.findByText('00000001-aaaa-bbbb-cccc-dddddddddddd');
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /Rafraîchir/ }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(before + 1));
  });
});

describe('entityDetailRoute', () => {
  it('links the entities jobs work on, and nothing else', () => {
    expect(entityDetailRoute('bpu_template', 3)).toEqual({ entity: 'bpu_template', to: '/sst/bputemplate/3' });
    expect(entityDetailRoute('bpu_sst', 4)).toEqual({ entity: 'bpu_sst', to: '/sst/bpu/4' });
    expect(entityDetailRoute('order', 4)).toBeNull();
    expect(entityDetailRoute(null, 4)).toBeNull();
    expect(entityDetailRoute('bpu_sst', null)).toBeNull();
  });
});
