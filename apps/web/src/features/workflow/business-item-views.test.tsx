import type { EntityCode, NodeTokenRow } from '@isf/contract';
import { cleanup, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes } from '../../lib/testing';
import { workItemView } from './work-item-views';

function token(entityName: string, columns: Record<string, unknown>): NodeTokenRow {
  return {
    id: 1,
    version: 1,
    entityName,
    entityId: 42,
    label: 'libellé',
    creatorName: null,
    createdAt: '2026-01-02T08:00:00.000Z',
    updatedAt: '2026-01-02T08:00:00.000Z',
    lastComment: null,
    ...columns,
  };
}

/** The cells the node screen would show for one token: each column's title and rendered value. */
function Cells({ row }: { row: NodeTokenRow }) {
  const { t } = useTranslation();
  return (
    <dl>
      {workItemView(row.entityName)
        .columns(t)
        .map((column) => (
          <div key={column.key}>
            <dt>{column.title}</dt>
            <dd data-testid={column.key}>{column.render?.(row, 0)}</dd>
          </div>
        ))}
    </dl>
  );
}

function show(row: NodeTokenRow, read: EntityCode[]) {
  setAuth({
    token: 't',
    profile: makeProfile({ role: { ...makeProfile().role, rights: { create: [], read, update: [], delete: [] } } }),
  });
  renderRoutes([{ path: '/', element: <Cells row={row} /> }], '/');
}

describe('the node screen columns of orders, attachments and markets', () => {
  afterEach(() => {
    cleanup();
    setAuth({ token: null, profile: null });
  });

  it('shows an order with its reference linked to the order, market, agency and amount', () => {
    show(
      token('order', {
        reference: 'BM-1-2026-00007',
        orderName: 'Tranchée rue Sainte-Catherine',
        marketEdifice: 'BM-1',
        agencyName: 'Fibres Aquitaine',
        total: '12345.60',
      }),
      ['order'],
    );
    expect(screen.getByRole('link', { name: 'BM-1-2026-00007' }).getAttribute('href')).toBe('/sst/order/42');
    expect(screen.getByText('Tranchée rue Sainte-Catherine')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toMatch(/12\s345,60\s€/);
  });

  it('shows an attachment linked to its detail with its order and amount', () => {
    show(
      token('attachement', {
        reference: 'BM-1-2026-00007-A002',
        orderReference: 'BM-1-2026-00007',
        orderName: 'Tranchée',
        marketEdifice: 'BM-1',
        agencyName: 'Fibres Aquitaine',
        amount: '980.00',
      }),
      ['attachement'],
    );
    expect(screen.getByRole('link', { name: 'BM-1-2026-00007-A002' }).getAttribute('href')).toBe('/sst/attachement/42');
    expect(screen.getByTestId('orderReference').textContent).toBe('BM-1-2026-00007');
    expect(screen.getByTestId('amount').textContent).toMatch(/980,00\s€/);
  });

  it('shows a market by its edifice, without a link when the profile may not read markets', () => {
    show(token('subcontractor_market', { edifice: 'BM-9', agencyName: 'Réseaux Sud', projectName: 'Fibre Lyon' }), []);
    expect(screen.queryByRole('link', { name: 'BM-9' })).toBeNull();
    expect(screen.getByText('BM-9')).toBeTruthy();
    expect(screen.getByText('Fibre Lyon')).toBeTruthy();
  });
});
