import type { NodeTokenRow } from '@isf/contract';
import { linkColumn } from '../../components/data-table/column-kinds';
import type { DataColumn } from '../../components/data-table/data-table';
import { formatMoney } from '../../lib/i18n';
import { ATTACHMENT_DETAIL_ROUTE, MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import type { WorkItemView } from './work-item-views';

/**
 * Orders, attachments and subcontractor markets on a node (spec 2 §4 Tasks on workflow node screen): the
 * columns their server work item kinds fill, the item linked to its detail screen.
 */

function text(row: NodeTokenRow, key: string): string {
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function plain(key: string, title: string): DataColumn<NodeTokenRow> {
  return { key, title, render: (row) => text(row, key) };
}

function amount(key: string, title: string): DataColumn<NodeTokenRow> {
  return { key, title, align: 'right', nullFilter: false, render: (row) => formatMoney(text(row, key) || null) };
}

export const orderItemView: WorkItemView = {
  columns: (t) => [
    {
      ...linkColumn<NodeTokenRow>(
        'reference',
        t('orderList.reference'),
        'order',
        (row) => `${ORDER_DETAIL_ROUTE}/${row.entityId}`,
        (row) => text(row, 'reference'),
      ),
      reference: true,
    },
    plain('orderName', t('orderList.name')),
    plain('marketEdifice', t('orderList.market')),
    plain('agencyName', t('orderList.agency')),
    amount('total', t('orderList.total')),
  ],
};

export const attachmentItemView: WorkItemView = {
  columns: (t) => [
    {
      ...linkColumn<NodeTokenRow>(
        'reference',
        t('attachmentList.reference'),
        'attachement',
        (row) => `${ATTACHMENT_DETAIL_ROUTE}/${row.entityId}`,
        (row) => text(row, 'reference'),
      ),
      reference: true,
    },
    plain('orderReference', t('attachmentList.order')),
    plain('orderName', t('attachmentList.orderName')),
    plain('marketEdifice', t('attachmentList.market')),
    plain('agencyName', t('orderList.agency')),
    amount('amount', t('attachmentList.amount')),
  ],
};

export const marketItemView: WorkItemView = {
  columns: (t) => [
    {
      ...linkColumn<NodeTokenRow>(
        'edifice',
        t('markets.edifice'),
        'subcontractor_market',
        (row) => `${MARKET_DETAIL_ROUTE}/${row.entityId}`,
        (row) => text(row, 'edifice'),
      ),
      reference: true,
    },
    plain('agencyName', t('markets.agency')),
    plain('projectName', t('markets.project')),
  ],
};
