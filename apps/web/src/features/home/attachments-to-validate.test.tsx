import type { AttachmentToValidateRow, DashboardNode, UserProfile } from '@isf/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canOpenPath } from '../../app/route-access';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { HomePage } from './home-page';

const NODES: DashboardNode[] = [
  {
    workflowId: 2,
    workflowCode: 'attachement',
    workflowName: 'Attachement',
    objectName: 'attachement',
    nodeId: 41,
    nodeName: 'Validation chef de projet',
    nodeCode: 'att_validating',
    nodeType: 2,
    count: 1,
    haveToDo: 1,
  },
];

const ATTACHMENT_ROW: AttachmentToValidateRow = {
  id: 77,
  reference: 'ED-1001-M2025-2026-00003-A002',
  orderId: 42,
  orderReference: 'ED-1001-M2025-2026-00003',
  orderName: 'Tirage câble rue Sainte-Catherine',
  marketId: 3,
  marketEdifice: 'ED-1001-M2025',
  nodeId: 41,
  nodeName: 'Validation chef de projet',
  nodeCode: 'att_validating',
  agencyId: 1,
  agencyName: 'Fibres Réseaux Aquitaine Bordeaux',
  projectId: 5,
  projectName: 'Déploiement Bordeaux lot 1',
  since: '2026-03-04T09:30:00.000Z',
  amount: '9876.05',
};

/** The dashboard's calls, with these attachments to validate; returns the fetch spy. */
function serve(attachments: AttachmentToValidateRow[]) {
  const fetchSpy = vi.fn(async (url: string) => {
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: 1, hasMyActions: true });
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
    if (url.startsWith('/api/dashboard/attachementstovalidate')) {
      return reply(200, { content: attachments, totalElements: attachments.length });
    }
    if (url.startsWith('/api/dashboard/')) {
      return reply(200, { content: [], totalElements: 0 });
    }
    return reply(404, {});
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const calledPaths = (fetchSpy: ReturnType<typeof serve>) => fetchSpy.mock.calls.map(([url]) => String(url).split('?')[0] ?? '');

function reading(read: UserProfile['role']['rights']['read']): UserProfile {
  const base = makeProfile();
  return makeProfile({ role: { ...base.role, rights: { ...base.role.rights, read } } });
}

function renderHome(profile: UserProfile) {
  setAuth({ token: 't', profile });
  renderRoutes([{ path: '/', element: <HomePage canOpenPath={canOpenPath} /> }], '/');
}

describe('the attachments to validate of My tasks', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists them with links to the attachment, its order and its step, and their amount', async () => {
    spyFeedback();
    serve([ATTACHMENT_ROW]);
    renderHome(reading(['project', 'order', 'attachement']));
    const section = await screen.findByRole('region', { name: 'Attachements à valider' });
    const reference = await within(section).findByRole('link', { name: ATTACHMENT_ROW.reference });
    expect(reference.getAttribute('href')).toBe('/sst/attachement/77');
    expect(within(section).getByRole('link', { name: ATTACHMENT_ROW.orderReference }).getAttribute('href')).toBe('/sst/order/42');
    expect(within(section).getByRole('link', { name: 'Validation chef de projet' }).getAttribute('href')).toBe(
      '/node/41?filter=haveToDo',
    );
    const row = reference.closest('tr');
    expect(row?.textContent).toContain('Fibres Réseaux Aquitaine Bordeaux');
    expect(row?.textContent).toContain('Déploiement Bordeaux lot 1');
    expect(row?.textContent?.replace(/\s/g, ' ')).toContain('9 876,05 €');
    expect(row?.textContent).toContain('04/03/2026');
  });

  it('leaves the section out when nothing waits, and never asks without the read right on attachments', async () => {
    spyFeedback();
    const empty = serve([]);
    renderHome(reading(['project', 'order', 'attachement']));
    await waitFor(() => expect(calledPaths(empty)).toContain('/api/dashboard/attachementstovalidate'));
    await screen.findByRole('link', { name: 'Validation chef de projet' });
    expect(screen.queryByRole('region', { name: 'Attachements à valider' })).toBeNull();
    cleanup();

    const withoutRight = serve([ATTACHMENT_ROW]);
    renderHome(reading(['project', 'order']));
    await screen.findByRole('link', { name: 'Validation chef de projet' });
    await waitFor(() => expect(calledPaths(withoutRight)).toContain('/api/dashboard/orderstovalidate'));
    expect(calledPaths(withoutRight)).not.toContain('/api/dashboard/attachementstovalidate');
    expect(screen.queryByRole('link', { name: ATTACHMENT_ROW.reference })).toBeNull();
  });
});
