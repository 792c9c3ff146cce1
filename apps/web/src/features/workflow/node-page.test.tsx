import type { NodeTokenRow, NodeTransition, WorkflowNodeDetail } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { NodePage } from './node-page';

const NODE: WorkflowNodeDetail = {
  id: 12,
  name: 'En attente de validation',
  nodeCode: 'doc_pending_validation',
  nodeType: 2,
  workflowId: 5,
  workflowCode: 'document',
  workflowName: 'Document',
  objectName: 'document',
  counts: { all: 3, canDo: 2, haveToDo: 2 },
};

const TRANSITIONS: NodeTransition[] = [
  {
    id: 31,
    name: 'Valider',
    transitionCode: 'doc_to_validated',
    transitionType: 1,
    helper: null,
    disabled: false,
    hidden: false,
    fromNode: 12,
    toNode: 13,
    toNodeCode: 'doc_validated',
    toNodeName: 'Validé',
    toNodeType: 2,
    workflowId: 5,
    workflowName: 'Document',
  },
];

function row(id: number, filename: string): NodeTokenRow {
  return {
    id,
    version: 1,
    entityName: 'document',
    entityId: 100 + id,
    label: filename,
    creatorName: 'Alice',
    createdAt: '2025-01-02T08:00:00.000Z',
    updatedAt: '2025-01-02T08:00:00.000Z',
    lastComment: null,
    filename,
    typeName: 'Kbis',
    ownerEntity: 'project',
    ownerId: 7,
    ownerName: 'Fibre Lyon',
  };
}

const ROWS = [row(1, 'kbis.pdf'), row(2, 'urssaf.pdf'), row(3, 'rib.pdf')];

/**
 * The server: token 1 moves, token 2 is refused with a business text. The two POSTs are answered only
 * once both have arrived, so a client posting one after the other would never finish.
 */
function serve(options: { hasMyActions: boolean }) {
  const posts: { url: string; body: { comment: string } }[] = [];
  let secondArrived = () => {};
  const bothArrived = new Promise<void>((resolve) => {
    secondArrived = resolve;
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      if (posts.length === 2) {
        secondArrived();
      }
      await bothArrived;
      return url.includes('/move/2/')
        ? reply(422, { error: 'Le document est incomplet.', detail: 'Le document est incomplet.' })
        : reply(200, { success: true });
    }
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: options.hasMyActions ? 2 : 0, hasMyActions: options.hasMyActions });
    }
    if (url.startsWith('/api/node/12/transitions')) {
      return reply(200, TRANSITIONS);
    }
    if (url.startsWith('/api/node/12/tokens')) {
      return reply(200, { content: ROWS, totalElements: ROWS.length });
    }
    if (url.startsWith('/api/node/12')) {
      return reply(200, NODE);
    }
    return reply(404, { error: 'inconnu' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, posts };
}

function tokenRequests(fetchMock: ReturnType<typeof vi.fn>): URL[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/node/12/tokens');
}

function renderNode(path = '/node/12') {
  setAuth({ token: 't', profile: makeProfile() });
  renderRoutes([{ path: '/node/:id', element: <NodePage /> }], path);
}

function rowOf(filename: string): HTMLElement {
  const cell = screen.getByRole('button', { name: new RegExp(filename) });
  return cell.closest('tr') as HTMLElement;
}

describe('the workflow node screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
    localStorage.clear();
  });

  it('titles the workflow and node, and opens on My tasks when the user has tasks here', async () => {
    spyFeedback();
    const { fetchMock } = serve({ hasMyActions: true });
    renderNode();
    expect(await screen.findByRole('heading', { name: /Document : En attente de validation/ })).toBeTruthy();
    await screen.findByText('kbis.pdf');
    expect(tokenRequests(fetchMock).at(-1)?.searchParams.get('filter')).toBe('haveToDo');
    expect(screen.getByText('Mes tâches (2)')).toBeTruthy();
    expect(screen.getAllByText('Fibre Lyon').length).toBe(3);
  });

  it('opens on All, without My tasks, when the user has no pending action', async () => {
    spyFeedback();
    const { fetchMock } = serve({ hasMyActions: false });
    renderNode();
    await screen.findByText('kbis.pdf');
    expect(tokenRequests(fetchMock).at(-1)?.searchParams.get('filter')).toBe('all');
    expect(screen.queryByText(/Mes tâches/)).toBeNull();
  });

  it('moves the selected tokens in parallel, each with its own comment, and reports each result', async () => {
    spyFeedback();
    const { fetchMock, posts } = serve({ hasMyActions: true });
    renderNode();
    await screen.findByText('kbis.pdf');
    const valider = screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement;
    expect(valider.disabled).toBe(true);

    fireEvent.click(within(rowOf('kbis.pdf')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('urssaf.pdf')).getByRole('checkbox'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Commentaire pour kbis.pdf' }), { target: { value: 'Conforme' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Commentaire pour urssaf.pdf' }), {
      target: { value: 'À vérifier' },
    });
    await waitFor(() => expect(valider.disabled).toBe(false));
    const listCallsBefore = tokenRequests(fetchMock).length;
    fireEvent.click(valider);

    const results = await screen.findByRole('list', { name: 'Résultat par élément' });
    expect(posts.map((post) => [post.url, post.body.comment]).sort()).toEqual([
      ['/api/wftoken/move/1/31', 'Conforme'],
      ['/api/wftoken/move/2/31', 'À vérifier'],
    ]);
    const lines = within(results).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'kbis.pdf : passé à l’étape « Validé »',
      'urssaf.pdf : Le document est incomplet.',
    ]);
    expect(screen.getByText('1 élément(s) sur 2 déplacé(s)')).toBeTruthy();
    // the refused row keeps its comment and says why; the list is reloaded
    expect((screen.getByRole('textbox', { name: 'Commentaire pour urssaf.pdf' }) as HTMLInputElement).value).toBe('À vérifier');
    expect(within(rowOf('urssaf.pdf')).getByText('Le document est incomplet.')).toBeTruthy();
    await waitFor(() => expect(tokenRequests(fetchMock).length).toBeGreaterThan(listCallsBefore));
  });
});
