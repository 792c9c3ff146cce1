import { type NodeTokenRow, type NodeTransition, ORDER_NO_AGENCY_MESSAGE, type WorkflowNodeDetail } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NodePage } from '../features/workflow/node-page';
import { setAuth } from '../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../lib/testing';
import { installWorkflowPreChecks } from './workflow-pre-checks';

const NODE: WorkflowNodeDetail = {
  id: 14,
  name: 'Validation sous-traitant',
  nodeCode: 'os_validation_sst',
  nodeType: 2,
  workflowId: 2,
  workflowCode: 'service_order',
  workflowName: 'Commande',
  objectName: 'order',
  counts: { all: 2, canDo: 2, haveToDo: 2 },
};

const TO_VALIDATED: NodeTransition = {
  id: 41,
  name: 'Accepter la commande',
  transitionCode: 'os_accept',
  transitionType: 1,
  helper: null,
  disabled: false,
  hidden: false,
  fromNode: 14,
  toNode: 15,
  toNodeCode: 'os_validated',
  toNodeName: 'Validée',
  toNodeType: 2,
  workflowId: 2,
  workflowName: 'Commande',
};

function token(id: number, reference: string): NodeTokenRow {
  return {
    id,
    version: 1,
    entityName: 'order',
    entityId: 100 + id,
    label: reference,
    creatorName: 'Alice',
    createdAt: '2025-01-02T08:00:00.000Z',
    updatedAt: '2025-01-02T08:00:00.000Z',
    lastComment: null,
    reference,
    orderName: 'Tirage',
    marketEdifice: 'Lyon',
    agencyName: 'Agence de Pau',
    total: '1200.00',
  };
}

/** The order as the pre-checks read it: 101 has no agency, 102 is paid internally without its emitter. */
function order(id: number) {
  return {
    id,
    agency: id === 101 ? null : 3,
    agencyName: 'Agence de Pau',
    agencyAnomaly: false,
    paymentTypeCode: 'payment_internal',
    oracleProject: 4,
    oracleTask: 8,
    oracleEmitterProject: null,
    oracleEmitterTask: null,
  };
}

function serve() {
  const posts: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push(url);
      return reply(200, { success: true });
    }
    const orderId = /^\/api\/order\/(\d+)$/.exec(url)?.[1];
    if (orderId) {
      return reply(200, order(Number(orderId)));
    }
    if (url.startsWith('/api/oracle/')) {
      return reply(200, { content: [], totalElements: 0 });
    }
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: 1, hasMyActions: true });
    }
    if (url.startsWith('/api/node/14/transitions')) {
      return reply(200, [TO_VALIDATED]);
    }
    if (url.startsWith('/api/node/14/tokens')) {
      return reply(200, { content: [token(1, 'CMD-1'), token(2, 'CMD-2')], totalElements: 2 });
    }
    if (url.startsWith('/api/node/14')) {
      return reply(200, NODE);
    }
    return reply(404, { error: 'inconnu' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts };
}

function rowOf(reference: string): HTMLElement {
  return screen.getByText(reference).closest('tr') as HTMLElement;
}

describe('the workflow pre-checks installed with the shell', { timeout: 60_000 }, () => {
  beforeAll(() => {
    installWorkflowPreChecks();
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
    localStorage.clear();
  });

  it('run on the node screen’s bulk moves of orders: an order without agency is refused, the emitter modal opens', async () => {
    spyFeedback();
    const { posts } = serve();
    setAuth({ token: 't', profile: makeProfile() });
    renderRoutes([{ path: '/node/:id', element: <NodePage /> }], '/node/14');
    await screen.findByText('CMD-1');
    fireEvent.click(within(rowOf('CMD-1')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('CMD-2')).getByRole('checkbox'));
    const accept = screen.getByRole('button', { name: 'Accepter la commande' }) as HTMLButtonElement;
    await waitFor(() => expect(accept.disabled).toBe(false));
    fireEvent.click(accept);

    // rule 8 on the second order: the emitter modal opens on the node screen; cancelling it stops its move
    const title = await screen.findByText('Projet et tâche émetteurs', {}, { timeout: 15_000 });
    fireEvent.click(within(title.closest('[role="dialog"]') as HTMLElement).getByText('Annuler'));

    const results = await screen.findByRole('list', { name: 'Résultat par élément' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([`CMD-1 : ${ORDER_NO_AGENCY_MESSAGE}`, 'CMD-2 : action annulée']);
    expect(posts.filter((url) => url.startsWith('/api/wftoken/move/'))).toEqual([]);
  });
});
