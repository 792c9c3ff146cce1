import type { EntityCode, OrderAttachmentRow, OrderDetailRecord, RightAction } from '@isf/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { setEditing } from '../../lib/edit-mode';
import { makeProfile, renderRoutes, reply } from '../../lib/testing';
import { OrderAttachmentsTab } from './order-attachments-tab';
import type { OrderFormValues } from './order-form-values';
import { DRAFT, orderRecord } from './order-test-data';

const VALIDATED = { ...DRAFT, nodeId: 15, nodeName: 'Validée', nodeCode: 'os_validated' };

const ROW: OrderAttachmentRow = {
  id: 5,
  reference: 'AQF-M2025-2026-00001-A001',
  amount: '1200.00',
  totalRg: '60.00',
  depositUsed: '0.00',
  rgReleaseDate: null,
  isDGD: false,
  oracleStatus: 'NOT_AVAILABLE',
  createdAt: '2026-01-05T08:00:00.000Z',
  monthlyStatement: null,
  releaseStatements: [],
  statusWF: { nodeId: 24, nodeName: 'Validé', nodeCode: 'att_validated', updatedAt: '2026-01-06T08:00:00.000Z' },
};

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/order/1/attachements') {
      return reply(200, [ROW]);
    }
    if (url === '/api/order/1/deposits') {
      return reply(200, { depositType: 'basic', editRefusal: null, content: [] });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}

function Tab({ order }: { order: OrderDetailRecord }) {
  const [form] = Form.useForm<OrderFormValues>();
  return <OrderAttachmentsTab order={order} form={form} />;
}

function show(order: OrderDetailRecord) {
  renderRoutes([{ path: '/sst/order/:id', element: <Tab order={order} /> }], '/sst/order/1');
}

const createButton = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Nouvel attachement');

const READER = { read: ['order', 'attachement', 'deposit'] } satisfies Partial<Record<RightAction, EntityCode[]>>;
const CREATOR = { ...READER, create: ['attachement'] } satisfies Partial<Record<RightAction, EntityCode[]>>;

describe("the order's Attachments tab", { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setEditing(false);
    setAuth({ token: null, profile: null });
  });

  it("lists the order's attachments and its deposits, and offers the creation on a validated order", async () => {
    signIn(CREATOR);
    const fetchMock = serve();
    show(orderRecord({ statusWF: VALIDATED }));
    expect(await screen.findByText('AQF-M2025-2026-00001-A001')).toBeTruthy();
    expect(screen.getByText('Avances')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/order/1/deposits'));
    expect(createButton()).toBeTruthy();
  });

  it('offers no creation before the order is validated, nor without the create right', async () => {
    signIn(CREATOR);
    serve();
    show(orderRecord());
    expect(await screen.findByText('AQF-M2025-2026-00001-A001')).toBeTruthy();
    expect(createButton()).toBeUndefined();
    cleanup();

    signIn(READER);
    show(orderRecord({ statusWF: VALIDATED }));
    expect(await screen.findByText('AQF-M2025-2026-00001-A001')).toBeTruthy();
    expect(createButton()).toBeUndefined();
  });

  it('hides the creation while the follower edition of a locked validated order is open', async () => {
    signIn(CREATOR);
    serve();
    setEditing(true);
    show(orderRecord({ statusWF: VALIDATED, locked: true }));
    expect(await screen.findByText('AQF-M2025-2026-00001-A001')).toBeTruthy();
    expect(createButton()).toBeUndefined();
  });

  it('shows neither table nor block without their read rights', async () => {
    signIn({ read: ['order'] });
    const fetchMock = serve();
    show(orderRecord({ statusWF: VALIDATED }));
    expect(await screen.findByText('Déjà facturé (HT)')).toBeTruthy();
    expect(screen.queryByText('Avances')).toBeNull();
    expect(screen.queryByText('Attachements')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
