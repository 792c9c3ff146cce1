import { type ItemTransition, REFUSAL_COMMENT_MESSAGE, type TokenHistoryEntry, type WorkflowTokenRecord } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { setEditing } from '../../lib/edit-mode';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { registerPreCheck } from './pre-checks';
import { WorkflowPanel } from './workflow-panel';

const token: WorkflowTokenRecord = {
  id: 40,
  version: 3,
  entity: 'document',
  entityId: 9,
  node: { id: 12, name: 'En attente de validation', nodeCode: 'doc_pending_validation', nodeType: 2 },
  workflow: { id: 5, code: 'document', name: 'Document' },
  creator: { id: 1, name: 'Alice' },
  createdAt: '2025-01-02T08:00:00.000Z',
  updatedAt: new Date().toISOString(),
};

function transition(
  id: number,
  name: string,
  code: string,
  type: 1 | 2,
  to: { code: string; name: string; type: 1 | 2 | 3 | 4 },
  hidden = false,
): ItemTransition {
  return {
    id,
    name,
    transitionCode: code,
    transitionType: type,
    helper: null,
    disabled: false,
    hidden,
    fromNode: 12,
    toNode: 100 + id,
    toNodeCode: to.code,
    toNodeName: to.name,
    toNodeType: to.type,
    workflowId: 5,
    onBehalfOf: null,
  };
}

// the server's order (by type) is shuffled on purpose: the panel sorts by type itself
const TRANSITIONS = [
  transition(2, 'Refuser', 'doc_to_refused', 2, { code: 'doc_refused', name: 'Refusé', type: 3 }),
  transition(3, 'Signer', 'doc_to_signed', 1, { code: 'doc_signed', name: 'Signé', type: 4 }, true),
  transition(1, 'Valider', 'doc_to_validated', 1, { code: 'doc_validated', name: 'Validé', type: 2 }),
];

const HISTORY: TokenHistoryEntry[] = [
  {
    id: 1,
    fromNode: null,
    toNode: { id: 11, name: 'Brouillon', nodeCode: 'doc_draft' },
    transition: null,
    creator: { id: 1, name: 'Alice' },
    delegatedUser: null,
    comment: null,
    createdAt: '2025-01-02T08:00:00.000Z',
  },
  {
    id: 2,
    fromNode: { id: 11, name: 'Brouillon', nodeCode: 'doc_draft' },
    toNode: { id: 12, name: 'En attente de validation', nodeCode: 'doc_pending_validation' },
    transition: { id: 7, name: 'Soumettre', transitionCode: 'doc_submit_to_validation' },
    creator: { id: 3, name: 'Camille' },
    delegatedUser: { id: 4, name: 'Sacha' },
    comment: 'Pièce complète',
    createdAt: '2025-01-03T09:30:00.000Z',
  },
];

function serve(held = false, offered: ItemTransition[] = TRANSITIONS) {
  let moved: { id: number; name: string } | null = null;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      // the token reaches the transition's node, unless the test holds it
      const transition = TRANSITIONS.find((candidate) => url.endsWith(`/${candidate.id}`));
      moved = transition && !held ? { id: 99, name: transition.toNodeName } : null;
      return reply(200, { success: true, tokenId: 40 });
    }
    if (url.startsWith('/api/wftoken/history/')) {
      return reply(200, HISTORY);
    }
    if (url.startsWith('/api/wftoken/')) {
      return reply(200, moved ? { ...token, node: { ...token.node, id: moved.id, name: moved.name } } : token);
    }
    if (url.startsWith('/api/node/12/transitions/9')) {
      return reply(200, offered);
    }
    return reply(404, { error: 'inconnu' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function moves(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

function renderPanel(onMoved = vi.fn()) {
  setAuth({ token: 't', profile: makeProfile() });
  renderRoutes([{ path: '/', element: <WorkflowPanel entity="document" entityId={9} onMoved={onMoved} /> }], '/');
  return onMoved;
}

async function buttons(): Promise<HTMLButtonElement[]> {
  await screen.findByRole('button', { name: 'Valider' });
  const actions = document.querySelector('.isf-transition-buttons');
  return within(actions as HTMLElement).getAllByRole('button') as HTMLButtonElement[];
}

describe('the workflow panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setEditing(false);
    setAuth({ token: null, profile: null });
  });

  it('shows the node with its age, and the transitions sorted by type, dangerous in red, hidden ones left out', async () => {
    spyFeedback();
    serve();
    renderPanel();
    const shown = await buttons();
    expect(shown.map((button) => button.textContent)).toEqual(['Valider', 'Refuser']);
    expect(shown[0]?.className).not.toContain('ant-btn-dangerous');
    expect(shown[1]?.className).toContain('ant-btn-dangerous');
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
    expect(screen.getByText('En attente de validation', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText("depuis aujourd'hui")).toBeTruthy();
  });

  it('shows no action nor comment box when nothing is offered (a validator who has decided), the history still', async () => {
    spyFeedback();
    const fetchMock = serve(
      false,
      TRANSITIONS.filter((candidate) => candidate.hidden),
    );
    renderPanel();
    expect(await screen.findByText('Pièce complète')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/node/12/transitions/9'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Commentaire' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
    expect(screen.getByText('En attente de validation', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('disables the transitions in edit mode', async () => {
    spyFeedback();
    serve();
    setEditing(true);
    renderPanel();
    for (const button of await buttons()) {
      expect(button.disabled).toBe(true);
    }
  });

  it('refuses a refusal with a comment under 5 characters before any call, then moves with a real comment and reloads', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve();
    const onMoved = renderPanel();
    await buttons();
    const comment = screen.getByRole('textbox', { name: 'Commentaire' });
    fireEvent.change(comment, { target: { value: ' abcd ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    await waitFor(() =>
      expect(feedback.alert).toHaveBeenCalledWith({ title: 'Action non effectuée', content: REFUSAL_COMMENT_MESSAGE }),
    );
    expect(moves(fetchMock)).toHaveLength(0);

    fireEvent.change(comment, { target: { value: 'Pièce illisible' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(moves(fetchMock)).toHaveLength(1));
    const [url, init] = moves(fetchMock)[0] ?? [];
    expect(url).toBe('/api/wftoken/move/40/2');
    expect(JSON.parse(String(init?.body))).toEqual({ comment: 'Pièce illisible', version: 3 });
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(feedback.success).toHaveBeenCalledWith('Élément passé à l’étape « Refusé ».');
    await waitFor(() => expect((comment as HTMLTextAreaElement).value).toBe(''));
  });

  it('says the decision is recorded, not the next step, when a rule holds the token where it was', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve(true);
    renderPanel();
    await buttons();
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(moves(fetchMock)).toHaveLength(1));
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith(`Décision enregistrée : l’élément reste à l’étape « ${token.node.name} ».`),
    );
    expect(feedback.success).not.toHaveBeenCalledWith('Élément passé à l’étape « Validé ».');
  });

  it('moves forward without a comment: the rule only concerns refusals and returns to draft', async () => {
    spyFeedback();
    const fetchMock = serve();
    renderPanel();
    await buttons();
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(moves(fetchMock)).toHaveLength(1));
  });

  it('runs a business pre-check registered for the target node, and a cancelled confirmation aborts the move', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValue(false);
    const fetchMock = serve();
    const unregister = registerPreCheck({ toNodeCode: 'doc_validated' }, async (context) =>
      (await context.confirm({ content: 'Valider ce document ?' })) ? { proceed: true } : { proceed: false },
    );
    try {
      renderPanel();
      await buttons();
      fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
      await waitFor(() => expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Valider ce document ?' }));
      expect(moves(fetchMock)).toHaveLength(0);
      expect(feedback.alert).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });

  it('shows the history, naming the person on whose behalf a delegated step was done', async () => {
    spyFeedback();
    serve();
    renderPanel();
    expect(await screen.findByText('Camille, pour le compte de Sacha')).toBeTruthy();
    expect(screen.getByText('Brouillon → En attente de validation')).toBeTruthy();
    expect(screen.getByText('Pièce complète')).toBeTruthy();
    expect(screen.getByText('Alice')).toBeTruthy();
  });
});
