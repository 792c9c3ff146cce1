import type { DashboardNode, MarketToValidateRow, OrderToValidateRow, UserProfile } from '@isf/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canOpenPath } from '../../app/route-access';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { HomePage } from './home-page';

const node = (nodeId: number, nodeName: string, count: number, haveToDo: number, workflowName = 'Document'): DashboardNode => ({
  workflowId: workflowName === 'Document' ? 5 : 1,
  workflowCode: workflowName === 'Document' ? 'document' : 'service_order',
  workflowName,
  objectName: workflowName === 'Document' ? 'document' : 'order',
  nodeId,
  nodeName,
  nodeCode: `n${nodeId}`,
  nodeType: 2,
  count,
  haveToDo,
});

const NODES = [
  node(11, 'Brouillon', 4, 3),
  node(12, 'En attente de validation', 2, 0),
  node(13, 'Validé', 0, 0),
  node(21, 'Validation CDP', 0, 0, 'Ordre de service'),
];

const ORDER_ROW: OrderToValidateRow = {
  id: 42,
  reference: 'ED-1001-M2025-2026-00003',
  name: 'Tirage câble rue Sainte-Catherine',
  marketId: 3,
  marketEdifice: 'ED-1001-M2025',
  nodeId: 21,
  nodeName: 'Validation CDP',
  nodeCode: 'os_validation_cdp',
  agencyId: 1,
  agencyName: 'Fibres Réseaux Aquitaine Bordeaux',
  projectId: 5,
  projectName: 'Déploiement Bordeaux lot 1',
  since: '2026-03-04T09:30:00.000Z',
  amount: '1234.50',
};

const MARKET_ROW: MarketToValidateRow = {
  id: 8,
  edifice: 'ED-1002-M2025',
  nodeId: 31,
  nodeName: 'En attente de validation comptable',
  nodeCode: 'sst_pending_accounting_validation',
  agencyId: 2,
  agencyName: 'Télécom Travaux Sud-Ouest',
  projectId: 6,
  projectName: 'Déploiement Bordeaux lot 2',
  since: '2026-02-01T08:00:00.000Z',
  amount: '250000.00',
};

type Served = { orders?: OrderToValidateRow[]; markets?: MarketToValidateRow[] };

/** The dashboard's calls; returns the fetch spy to read which calls were made. */
function serve(hasMyActions: boolean, items: Served = {}) {
  const fetchSpy = vi.fn(async (url: string) => {
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: hasMyActions ? 3 : 0, hasMyActions });
    }
    if (url.startsWith('/api/dashboard/nodes')) {
      return reply(200, NODES);
    }
    if (url.startsWith('/api/dashboard/runningorders/amount')) {
      return reply(200, { count: 0, amount: null });
    }
    if (url.startsWith('/api/dashboard/runningorders')) {
      return reply(200, { content: [], totalElements: 0 });
    }
    if (url.startsWith('/api/dashboard/orderstovalidate')) {
      const orders = items.orders ?? [];
      const total = orders.reduce((sum, row) => sum + Number(row.amount), 0).toFixed(2);
      return reply(200, { content: orders, totalElements: orders.length, summary: { amount: total } });
    }
    if (url.startsWith('/api/dashboard/marketstovalidate')) {
      const markets = items.markets ?? [];
      return reply(200, { content: markets, totalElements: markets.length });
    }
    return reply(404, {});
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function calledPaths(fetchSpy: ReturnType<typeof serve>): string[] {
  return fetchSpy.mock.calls.map(([url]) => String(url).split('?')[0] ?? '');
}

function renderHome(profile: UserProfile = makeProfile()) {
  setAuth({ token: 't', profile });
  renderRoutes([{ path: '/', element: <HomePage canOpenPath={canOpenPath} /> }], '/');
}

/** A profile reading orders and markets (and projects), with the given role options. */
function staffProfile(options: string[] = []): UserProfile {
  const base = makeProfile();
  return makeProfile({
    name: 'Camille Chef de projet',
    role: {
      ...base.role,
      rights: { ...base.role.rights, read: ['project', 'order', 'subcontractor_market'] },
      options,
    },
  });
}

describe('the home dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists my tasks per workflow with links to My tasks, the process table and no ongoing order', async () => {
    spyFeedback();
    serve(true);
    renderHome();
    expect(screen.getByText('Bonjour, Louis Lecteur')).toBeTruthy();
    const tasks = await screen.findByRole('link', { name: 'Brouillon' });
    expect(tasks.getAttribute('href')).toBe('/node/11?filter=haveToDo');
    expect(screen.queryByRole('link', { name: 'En attente de validation' })).toBeNull();

    const process = await screen.findByRole('table', { name: 'Processus en cours' });
    await within(process).findByText('En attente de validation');
    const rows = within(process).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Brouillon',
      'En attente de validation',
    ]);
    expect(within(process).getByRole('link', { name: 'Voir les éléments de l’étape Brouillon' }).getAttribute('href')).toBe(
      '/node/11',
    );
    expect(await screen.findByText('Aucune commande en cours. :)')).toBeTruthy();
  });

  it('hides my tasks without the has-my-actions flag', async () => {
    spyFeedback();
    serve(false);
    renderHome();
    await screen.findByRole('table', { name: 'Processus en cours' });
    await screen.findByText('Aucune commande en cours. :)');
    expect(screen.queryByText('Mes tâches')).toBeNull();
  });

  it('lists in My tasks the orders and markets to validate, with links to them and to their step', async () => {
    spyFeedback();
    serve(true, { orders: [ORDER_ROW], markets: [MARKET_ROW] });
    renderHome(staffProfile());
    const orders = await screen.findByRole('region', { name: 'Commandes à valider' });
    const reference = await within(orders).findByRole('link', { name: ORDER_ROW.reference });
    expect(reference.getAttribute('href')).toBe('/sst/order/42');
    expect(within(orders).getByRole('link', { name: 'Validation CDP' }).getAttribute('href')).toBe('/node/21?filter=haveToDo');
    const orderRow = reference.closest('tr');
    expect(orderRow?.textContent).toContain('Fibres Réseaux Aquitaine Bordeaux');
    expect(orderRow?.textContent).toContain('Déploiement Bordeaux lot 1');
    expect(orderRow?.textContent?.replace(/\s/g, ' ')).toContain('1 234,50 €');
    expect(orderRow?.textContent).toContain('04/03/2026');

    const markets = screen.getByRole('region', { name: 'Marchés à valider' });
    const edifice = await within(markets).findByRole('link', { name: MARKET_ROW.edifice });
    expect(edifice.getAttribute('href')).toBe('/sst/market/8');
    expect(within(markets).getByRole('link', { name: MARKET_ROW.nodeName }).getAttribute('href')).toBe(
      '/node/31?filter=haveToDo',
    );
    expect(edifice.closest('tr')?.textContent?.replace(/\s/g, ' ')).toContain('250 000,00 €');
    // the staff's view keeps the node links and the process table
    expect(screen.getByRole('link', { name: 'Brouillon' }).getAttribute('href')).toBe('/node/11?filter=haveToDo');
    expect(screen.getByRole('table', { name: 'Processus en cours' })).toBeTruthy();
  });

  it('leaves out a kind with nothing to validate, and does not ask for a kind the role does not read', async () => {
    spyFeedback();
    const base = makeProfile();
    const fetchSpy = serve(true, { orders: [] });
    renderHome(makeProfile({ role: { ...base.role, rights: { ...base.role.rights, read: ['project', 'order'] } } }));
    await screen.findByRole('link', { name: 'Brouillon' });
    await waitFor(() => expect(calledPaths(fetchSpy)).toContain('/api/dashboard/orderstovalidate'));
    await screen.findByText('Aucune commande en cours. :)');
    expect(screen.queryByRole('region', { name: 'Commandes à valider' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Marchés à valider' })).toBeNull();
    expect(calledPaths(fetchSpy)).not.toContain('/api/dashboard/marketstovalidate');
  });

  it('does not ask for the items to validate without the has-my-actions flag', async () => {
    spyFeedback();
    const fetchSpy = serve(false, { orders: [ORDER_ROW] });
    renderHome(staffProfile());
    await screen.findByRole('table', { name: 'Processus en cours' });
    await screen.findByText('Aucune commande en cours. :)');
    expect(calledPaths(fetchSpy)).not.toContain('/api/dashboard/orderstovalidate');
    expect(screen.queryByRole('link', { name: ORDER_ROW.reference })).toBeNull();
  });

  it("shows a subcontractor's role the orders awaiting its validation, with their total, instead of the process table", async () => {
    spyFeedback();
    const second = { ...ORDER_ROW, id: 43, reference: 'ED-1001-M2025-2026-00004', amount: '100.00' };
    serve(true, { orders: [ORDER_ROW, second], markets: [] });
    renderHome(staffProfile(['serviceorders.display_sst_validation_in_dashboard']));
    const awaiting = await screen.findByRole('region', { name: 'Commandes en attente de votre validation' });
    const open = await within(awaiting).findByRole('link', { name: `Ouvrir la commande ${ORDER_ROW.reference}` });
    expect(open.getAttribute('href')).toBe('/sst/order/42');
    expect(within(awaiting).getByRole('link', { name: second.reference }).getAttribute('href')).toBe('/sst/order/43');
    expect(open.closest('tr')?.textContent).toContain('Tirage câble rue Sainte-Catherine');
    await waitFor(() => expect(awaiting.textContent?.replace(/\s/g, ' ')).toContain('1 334,50 €'));
    expect(within(awaiting).getByText('Commandes à valider').closest('.ant-statistic')?.textContent).toContain('2');
    expect(await screen.findByText('Aucun marché n’attend votre action.')).toBeTruthy();
    expect(await screen.findByText('Aucune commande en cours. :)')).toBeTruthy();
    // its other tasks stay, without the staff's tables; no process table
    const tasks = screen.getByRole('region', { name: 'Mes tâches' });
    expect(within(tasks).getByRole('link', { name: 'Brouillon' })).toBeTruthy();
    expect(within(tasks).queryByRole('region', { name: 'Commandes à valider' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Processus en cours' })).toBeNull();
  });

  it('tells a subcontractor when no order awaits it', async () => {
    spyFeedback();
    serve(false, { orders: [] });
    renderHome(staffProfile(['serviceorders.display_sst_validation_in_dashboard']));
    expect(await screen.findByText('Aucune commande n’attend votre validation.')).toBeTruthy();
    expect(screen.queryByText('Mes tâches')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Processus en cours' })).toBeNull();
  });
});
