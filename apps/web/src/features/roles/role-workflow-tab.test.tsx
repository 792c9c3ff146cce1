import type { EntityCode, RoleRecord, WorkflowNodeEntry, WorkflowTransitionEntry } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { RoleDetailPage } from './role-detail-page';
import { groupByWorkflow, toggleIds } from './role-workflow-tab';

const role: RoleRecord = {
  id: 9,
  version: 2,
  name: 'Valideur',
  description: 'Valide les montants',
  visibility: 1,
  parentRoleId: null,
  menus: [],
  create: [],
  read: [],
  update: [],
  delete: [],
  options: [],
  ftth: false,
  nodes: [11],
  transitions: [21],
};

const node = (id: number, name: string, nodeCode: string, workflowId: number, workflowName: string): WorkflowNodeEntry => ({
  id,
  name,
  nodeCode,
  nodeType: 2,
  workflowId,
  workflowCode: workflowName.toLowerCase(),
  workflowName,
  objectName: 'x',
});

const NODES = [
  node(11, 'Brouillon', 'os_draft', 1, 'Ordre de service'),
  node(12, 'Validation du montant', 'os_validation_amount', 1, 'Ordre de service'),
  node(13, 'Brouillon', 'doc_draft', 2, 'Document'),
];

const transition = (
  id: number,
  name: string,
  code: string,
  from: number,
  to: number,
  workflowId: number,
): WorkflowTransitionEntry => ({
  id,
  name,
  transitionCode: code,
  transitionType: code.includes('refused') ? 2 : 1,
  helper: null,
  disabled: false,
  hidden: false,
  fromNode: from,
  toNode: to,
  workflowId,
  workflowName: workflowId === 1 ? 'Ordre de service' : 'Document',
});

const TRANSITIONS = [
  transition(21, 'Soumettre', 'os_submit_to_cdp', 11, 12, 1),
  transition(22, 'Refuser le montant', 'os_refused_cdp', 12, 11, 1),
];

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      return reply(200, { success: true, id: 9, record: { ...role, ...JSON.parse(String(init.body)), version: 3 } });
    }
    if (url.startsWith('/api/workflows/nodes')) {
      return reply(200, NODES);
    }
    if (url.startsWith('/api/workflows/transitions')) {
      return reply(200, TRANSITIONS);
    }
    if (url.startsWith('/api/role/9')) {
      return reply(200, role);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  const profile = makeProfile();
  const rights = { ...profile.role.rights, read: ['role'] as EntityCode[], update: ['role'] as EntityCode[] };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

async function openTab() {
  renderRoutes([{ path: '/role/:id', element: <RoleDetailPage /> }], '/role/9');
  await screen.findByRole('heading', { name: /Valideur/ });
}

describe('the Workflow tab of the role detail', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists nodes and transitions grouped by workflow, checked as the role has them, read-only outside edit mode', {
    timeout: 20_000,
  }, async () => {
    spyFeedback();
    signIn();
    serve();
    await openTab();
    fireEvent.click(screen.getByRole('tab', { name: 'Workflow' }));
    const draft = (await screen.findByLabelText('Ordre de service : Brouillon')) as HTMLInputElement;
    expect(draft.checked).toBe(true);
    expect(draft.disabled).toBe(true);
    expect((screen.getByLabelText('Document : Brouillon') as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByLabelText('Ordre de service : Soumettre (Brouillon → Validation du montant)') as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText('Ordre de service')).toBeTruthy();
    expect(screen.getByText('Document')).toBeTruthy();
  });

  it('saves the checked nodes and transitions with the role', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn();
    const fetchMock = serve();
    await openTab();
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Workflow' }));
    fireEvent.click(await screen.findByLabelText('Toutes les étapes : Ordre de service'));
    fireEvent.click(screen.getByLabelText('Document : Brouillon'));
    fireEvent.click(screen.getByLabelText('Ordre de service : Soumettre (Brouillon → Validation du montant)'));
    fireEvent.click(screen.getByLabelText('Ordre de service : Refuser le montant (Validation du montant → Brouillon)'));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body));
    expect(body.nodes).toEqual([11, 12, 13]);
    expect(body.transitions).toEqual([22]);
  });
});

describe('role workflow helpers', () => {
  it('group the catalogue by workflow and toggle ids', () => {
    expect(
      groupByWorkflow(NODES, TRANSITIONS).map((group) => [group.name, group.nodes.length, group.transitions.length]),
    ).toEqual([
      ['Ordre de service', 2, 2],
      ['Document', 1, 0],
    ]);
    expect(toggleIds([1, 2], [2, 3], true)).toEqual([1, 2, 3]);
    expect(toggleIds([1, 2, 3], [2, 3], false)).toEqual([1]);
  });
});
