import {
  type EntityCode,
  type ItemTransition,
  ORDER_AGENCY_ANOMALIES_MESSAGE,
  ORDER_CONFIRM_SEND_TO_ERP,
  ORDER_REQUIRED_FIELDS_MESSAGE,
  type OrderDetailRecord,
  type RightAction,
  type WorkflowTokenRecord,
} from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { isEditing, setEditing } from '../../lib/edit-mode';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { OrderDetailPage } from './order-detail-page';
import { DRAFT, orderRecord } from './order-test-data';

function token(order: OrderDetailRecord): WorkflowTokenRecord {
  const node = order.statusWF ?? DRAFT;
  return {
    id: 40,
    version: 2,
    entity: 'order',
    entityId: order.id,
    node: { id: node.nodeId, name: node.nodeName, nodeCode: node.nodeCode, nodeType: 2 },
    workflow: { id: 1, code: 'service_order', name: 'Ordre de service' },
    creator: null,
    createdAt: node.updatedAt,
    updatedAt: node.updatedAt,
  };
}

const TO_VALIDATED: ItemTransition = {
  id: 31,
  name: 'Accepter la commande',
  transitionCode: 'os_to_validated',
  transitionType: 1,
  helper: null,
  disabled: false,
  hidden: false,
  fromNode: 14,
  toNode: 15,
  toNodeCode: 'os_validated',
  toNodeName: 'Validée',
  toNodeType: 2,
  workflowId: 1,
  onBehalfOf: null,
};

function serve(order: OrderDetailRecord, transitions: ItemTransition[] = []) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'PUT' && url === '/api/order/1') {
      const body = JSON.parse(String(init?.body)) as object;
      return reply(200, { success: true, id: 1, record: { ...order, ...body, version: order.version + 1 } });
    }
    if (method === 'DELETE' && url === '/api/order/1/delete') {
      return reply(200, { success: true });
    }
    if (method === 'POST' && url === '/api/oracle/order/1') {
      return reply(200, {
        success: true,
        oracleStatus: 'NOT_AVAILABLE',
        message: "La commande est en file d'attente d'envoi à Oracle.",
      });
    }
    if (method === 'POST' && url.startsWith('/api/wftoken/move/')) {
      return reply(200, { success: true, tokenId: 40 });
    }
    if (url === '/api/order/1') {
      return reply(200, order);
    }
    if (url.startsWith('/api/wftoken/history/')) {
      return reply(200, []);
    }
    if (url.startsWith('/api/wftoken/order/1')) {
      return reply(200, token(order));
    }
    if (url.startsWith('/api/node/')) {
      return reply(200, transitions);
    }
    if (url.startsWith('/api/orderTemplates')) {
      return reply(200, { content: [], totalElements: 0 });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>, options: string[] = []) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { create: [], read: ['order'], update: [], delete: [], ...rights }, options },
    },
  });
}

function show() {
  renderRoutes(
    [
      { path: '/sst/order/:id', element: <OrderDetailPage /> },
      { path: '/sst/orders', element: <p>liste des commandes</p> },
    ],
    '/sst/order/1',
  );
}

function calls(fetchMock: ReturnType<typeof serve>, method: string) {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
}

/**
 * Buttons and tabs by their text: `*ByRole` computes the accessible tree of the whole antd page on each
 * call, which takes seconds under jsdom on a busy runner.
 */
function buttonNamed(name: string | RegExp): HTMLButtonElement | undefined {
  const matches = (text: string) => (typeof name === 'string' ? text.trim() === name : name.test(text));
  return [...document.querySelectorAll('button')].find((button) => matches(button.textContent ?? ''));
}

function findButton(name: string | RegExp): Promise<HTMLButtonElement> {
  return waitFor(
    () => {
      const button = buttonNamed(name);
      if (!button) {
        throw new Error(`no button ${String(name)}`);
      }
      return button;
    },
    { timeout: 15_000 },
  );
}

function tabNames(): string[] {
  return [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent ?? '');
}

const FULL = { read: ['order', 'document'], update: ['order'], delete: ['order'] } satisfies Partial<
  Record<RightAction, EntityCode[]>
>;
const ALL_OPTIONS = ['serviceorders.edit_financial_info', 'serviceorders.display_order_download_button'];

async function complement() {
  return (await screen.findByLabelText('Complément')) as HTMLInputElement;
}

describe('OrderDetailPage', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setEditing(false);
    setAuth({ token: null, profile: null });
  });

  it('shows a reader the order read-only, its four tabs, and no action', async () => {
    spyFeedback();
    signIn({ read: ['order'] });
    serve(orderRecord());
    show();
    expect(await screen.findByText('Commande AQF-M2025-2026-00001')).toBeTruthy();
    await waitFor(async () => expect((await complement()).value).toBe('Raccordement lotissement Les Vignes'));
    expect((await complement()).disabled).toBe(true);
    expect(tabNames()).toEqual(['Informations', 'Prestations', 'Attachements']);
    for (const name of [/Modifier/, /Supprimer/, /Importer/, /Envoyer à Oracle/, /PDF/]) {
      expect(buttonNamed(name)).toBeUndefined();
    }
    expect(screen.getByText('Non présente dans Oracle')).toBeTruthy();
  });

  it('offers edit, delete, import and the PDF on a draft, and no send to the ERP', async () => {
    spyFeedback();
    signIn(FULL, ALL_OPTIONS);
    serve(orderRecord());
    show();
    expect(await findButton(/Modifier/)).toBeTruthy();
    expect(buttonNamed(/Supprimer/)).toBeTruthy();
    expect(buttonNamed(/Importer/)).toBeTruthy();
    expect(buttonNamed(/Télécharger le PDF/)).toBeTruthy();
    expect(buttonNamed(/Envoyer à Oracle/)).toBeUndefined();
    expect(tabNames()).toContain('Documents');
  });

  it('hides the PDF from a person with every right but neither download option (the route answers 403)', async () => {
    spyFeedback();
    signIn(FULL, ['serviceorders.deletion_after_validation']);
    serve(orderRecord());
    show();
    expect(await findButton(/Modifier/)).toBeTruthy();
    expect(buttonNamed(/PDF/)).toBeUndefined();
  });

  it('shows the PDF with the financial option alone, and hides delete outside the draft', async () => {
    spyFeedback();
    signIn(FULL, ['serviceorders.edit_financial_info']);
    serve(orderRecord({ statusWF: { ...DRAFT, nodeCode: 'os_validation_cdp', nodeName: 'Validation chef de projet' } }));
    show();
    expect(await findButton(/Télécharger le PDF/)).toBeTruthy();
    expect(buttonNamed(/Supprimer/)).toBeUndefined();
  });

  it('deletes a draft after the order confirmation and goes back to the list', async () => {
    const feedback = spyFeedback();
    signIn(FULL);
    const fetchMock = serve(orderRecord());
    show();
    fireEvent.click(await findButton(/Supprimer/));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer cette commande ?' }),
    );
    expect(await screen.findByText('liste des commandes')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE').map(([url]) => url)).toEqual(['/api/order/1/delete']);
  });

  it('queues a validated order for the ERP after the spec confirmation', async () => {
    const feedback = spyFeedback();
    signIn(FULL);
    const fetchMock = serve(orderRecord({ statusWF: { ...DRAFT, nodeCode: 'os_validated', nodeName: 'Validée' } }));
    show();
    fireEvent.click(await findButton(/Envoyer à Oracle/));
    await waitFor(() => expect(calls(fetchMock, 'POST').map(([url]) => url)).toContain('/api/oracle/order/1'));
    expect(feedback.confirm).toHaveBeenCalledWith({ title: 'Envoyer à Oracle', content: ORDER_CONFIRM_SEND_TO_ERP });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith("La commande est en file d'attente d'envoi à Oracle."));
  });

  it('keeps the financial fields read-only in edit mode without the option', async () => {
    spyFeedback();
    signIn(FULL);
    serve(orderRecord());
    show();
    fireEvent.click(await findButton(/Modifier/));
    expect((await complement()).disabled).toBe(true);
    expect((screen.getByLabelText('Client principal') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText("Date d'achèvement") as HTMLInputElement).disabled).toBe(false);
  });

  it('edits only the follow-up of a locked order', async () => {
    spyFeedback();
    signIn(FULL, ALL_OPTIONS);
    serve(orderRecord({ locked: true }));
    show();
    fireEvent.click(await findButton(/Modifier le suivi/));
    expect(isEditing()).toBe(true);
    expect((await complement()).disabled).toBe(true);
    expect((screen.getByLabelText('Client principal') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Observation') as HTMLTextAreaElement).disabled).toBe(false);
    expect(buttonNamed(/Importer/)).toBeUndefined();
  });

  it('refuses to save with a required field empty and sends nothing', async () => {
    const feedback = spyFeedback();
    signIn(FULL, ALL_OPTIONS);
    const fetchMock = serve(orderRecord());
    show();
    fireEvent.click(await findButton(/Modifier/));
    fireEvent.change(await complement(), { target: { value: '' } });
    fireEvent.click(await findButton(/Enregistrer/));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith(ORDER_REQUIRED_FIELDS_MESSAGE));
    expect(calls(fetchMock, 'PUT')).toHaveLength(0);
    expect(isEditing()).toBe(true);
  });

  it('saves the form with the stored market, order date and version', async () => {
    spyFeedback();
    signIn(FULL, ALL_OPTIONS);
    const fetchMock = serve(orderRecord());
    show();
    fireEvent.click(await findButton(/Modifier/));
    fireEvent.change(await complement(), { target: { value: 'Raccordement lot B' } });
    // the completion date reads dd/mm/yyyy, whatever the browser's language, and is sent as the ISO date
    expect((screen.getByLabelText("Date d'achèvement", { selector: 'input' }) as HTMLInputElement).value).toBe('31/12/2026');
    fireEvent.click(await findButton(/Enregistrer/));
    await waitFor(() => expect(isEditing()).toBe(false));
    const [url, init] = calls(fetchMock, 'PUT')[0] ?? [];
    expect(url).toBe('/api/order/1');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Raccordement lot B',
      market: 2,
      date: '2025-06-01',
      endDate: '2026-12-31',
      oracleTask: 9,
      follower: 7,
      depositType: 'basic',
      version: 4,
    });
  });

  it('asks about the agency anomalies before a validating move, then moves', async () => {
    const feedback = spyFeedback();
    signIn(FULL);
    const order = orderRecord({
      agencyAnomaly: true,
      statusWF: { ...DRAFT, nodeId: 14, nodeCode: 'os_validation_sst', nodeName: 'Validation sous-traitant' },
    });
    const fetchMock = serve(order, [TO_VALIDATED]);
    show();
    fireEvent.click(await findButton('Accepter la commande'));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({
        title: "Anomalies sur l'agence",
        content: ORDER_AGENCY_ANOMALIES_MESSAGE.replace('{agency}', 'Agence de Pau'),
      }),
    );
    await waitFor(() => expect(calls(fetchMock, 'POST').map(([url]) => url)).toContain('/api/wftoken/move/40/31'));
  });

  it('opens the emitter modal before validating an internal order, and its cancel aborts the move', async () => {
    spyFeedback();
    signIn(FULL);
    const order = orderRecord({
      paymentTypeCode: 'payment_internal',
      statusWF: { ...DRAFT, nodeId: 14, nodeCode: 'os_validation_sst', nodeName: 'Validation sous-traitant' },
    });
    const fetchMock = serve(order, [TO_VALIDATED]);
    show();
    fireEvent.click(await findButton('Accepter la commande'));
    const title = await screen.findByText('Projet et tâche émetteurs', {}, { timeout: 15_000 });
    const modal = title.closest('[role="dialog"]') as HTMLElement;
    const task = within(modal).getByLabelText('Tâche Oracle émettrice', { selector: 'input' }) as HTMLInputElement;
    expect(task.disabled).toBe(true);
    fireEvent.click(within(modal).getByText('Annuler'));
    await waitFor(() => expect(screen.queryByText('Projet et tâche émetteurs')).toBeNull());
    expect(calls(fetchMock, 'POST').filter(([url]) => url.startsWith('/api/wftoken/move/'))).toHaveLength(0);
  });
});
