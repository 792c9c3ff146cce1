import type { AttachmentToValidateRow, MarketToValidateRow, OrderToValidateRow } from '@isf/contract';
import { TO_VALIDATE_PAGE_SIZE } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../components/data-table/data-table';
import { listQueryKey, useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { formatMoney } from '../../lib/i18n';
import { ATTACHMENT_DETAIL_ROUTE, MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { ATTACHMENTS_TO_VALIDATE_PATH, MARKETS_TO_VALIDATE_PATH, ORDERS_TO_VALIDATE_PATH } from './dashboard.api';

/**
 * One "to validate" list of the home (generic list engine, ten rows a page, longest waiting first). Leaving
 * the home marks it stale: an item moved meanwhile (from its own screen) is gone on the way back.
 */
function useToValidateList<Row>(listName: string, path: string, summary: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: listQueryKey(path) }), [queryClient, path]);
  return useListController<Row>({
    listName,
    path,
    defaultSort: { column: 'since', direction: 'asc' },
    defaultPageSize: TO_VALIDATE_PAGE_SIZE,
    pageSizeOptions: [],
    summary,
  });
}

export function useOrdersToValidate({ summary = false }: { summary?: boolean } = {}) {
  return useToValidateList<OrderToValidateRow>('dashboard-orders-to-validate', ORDERS_TO_VALIDATE_PATH, summary);
}

export function useMarketsToValidate() {
  return useToValidateList<MarketToValidateRow>('dashboard-markets-to-validate', MARKETS_TO_VALIDATE_PATH, false);
}

export function useAttachmentsToValidate() {
  return useToValidateList<AttachmentToValidateRow>('dashboard-attachments-to-validate', ATTACHMENTS_TO_VALIDATE_PATH, false);
}

type StepRow = { nodeId: number; nodeName: string; agencyName: string; projectName: string; since: string };

type StepColumns<Row> = { node: DataColumn<Row>; agency: DataColumn<Row>; project: DataColumn<Row>; since: DataColumn<Row> };

/** Step (a link to the node screen's My tasks), agency, project, since: the columns the lists share. */
function useStepColumns<Row extends StepRow>(): StepColumns<Row> {
  const { t } = useTranslation();
  return useMemo<StepColumns<Row>>(
    () => ({
      node: {
        key: 'nodeName',
        title: t('home.toValidate.node'),
        filter: false,
        nullFilter: false,
        render: (row) => <Link to={`/node/${row.nodeId}?filter=haveToDo`}>{row.nodeName}</Link>,
      },
      agency: { key: 'agencyName', title: t('home.toValidate.agency'), nullFilter: false },
      project: { key: 'projectName', title: t('home.toValidate.project'), nullFilter: false },
      since: {
        key: 'since',
        title: t('home.toValidate.since'),
        filter: false,
        nullFilter: false,
        render: (row) => dayjs(row.since).format('DD/MM/YYYY'),
      },
    }),
    [t],
  );
}

/** The order's reference, linked to the order. */
export function orderReferenceColumn(title: string): DataColumn<OrderToValidateRow> {
  return {
    key: 'reference',
    title,
    reference: true,
    nullFilter: false,
    render: (row: OrderToValidateRow) => (
      <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.id}`}>
        {row.reference}
      </EntityLink>
    ),
  };
}

export function amountColumn<Row extends { amount: string }>(title: string): DataColumn<Row> {
  return { key: 'amount', title, align: 'right', filter: false, nullFilter: false, render: (row) => formatMoney(row.amount) };
}

/** The orders of My tasks: reference (to the order), step (to the node screen), agency, project, amount, since. */
export function useOrderToValidateColumns(): DataColumn<OrderToValidateRow>[] {
  const { t } = useTranslation();
  const step = useStepColumns<OrderToValidateRow>();
  return useMemo<DataColumn<OrderToValidateRow>[]>(
    () => [
      orderReferenceColumn(t('home.toValidate.order')),
      step.node,
      step.agency,
      step.project,
      amountColumn<OrderToValidateRow>(t('home.toValidate.orderAmount')),
      step.since,
    ],
    [t, step],
  );
}

/** The markets of My tasks: edifice (to the market), step, agency, project, DC4 ceiling, since. */
export function useMarketToValidateColumns(): DataColumn<MarketToValidateRow>[] {
  const { t } = useTranslation();
  const step = useStepColumns<MarketToValidateRow>();
  return useMemo<DataColumn<MarketToValidateRow>[]>(
    () => [
      {
        key: 'edifice',
        title: t('home.toValidate.market'),
        reference: true,
        nullFilter: false,
        render: (row: MarketToValidateRow) => (
          <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.id}`}>
            {row.edifice}
          </EntityLink>
        ),
      },
      step.node,
      step.agency,
      step.project,
      amountColumn<MarketToValidateRow>(t('home.toValidate.marketAmount')),
      step.since,
    ],
    [t, step],
  );
}

/** The attachments of My tasks: reference (to the attachment), its order (to it), step, agency, project, amount, since. */
export function useAttachmentToValidateColumns(): DataColumn<AttachmentToValidateRow>[] {
  const { t } = useTranslation();
  const step = useStepColumns<AttachmentToValidateRow>();
  return useMemo<DataColumn<AttachmentToValidateRow>[]>(
    () => [
      {
        key: 'reference',
        title: t('home.toValidate.attachment'),
        reference: true,
        nullFilter: false,
        render: (row: AttachmentToValidateRow) => (
          <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
            {row.reference}
          </EntityLink>
        ),
      },
      {
        key: 'orderReference',
        title: t('home.toValidate.order'),
        nullFilter: false,
        render: (row: AttachmentToValidateRow) => (
          <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
            {row.orderReference}
          </EntityLink>
        ),
      },
      step.node,
      step.agency,
      step.project,
      amountColumn<AttachmentToValidateRow>(t('home.toValidate.orderAmount')),
      step.since,
    ],
    [t, step],
  );
}
