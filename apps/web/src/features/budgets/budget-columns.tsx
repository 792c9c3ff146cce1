import type { EntityCode } from '@isf/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatMoney } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';

/** A money column with its total (right-aligned, in the build's currency). */
export function moneyColumn<Row>(t: TFunction, key: keyof Row & string, render?: (row: Row) => ReactNode): DataColumn<Row> {
  return {
    key,
    title: t(`budgets.${key}`),
    align: 'right',
    summary: true,
    render: render ?? ((row) => formatMoney(row[key] as string)),
    renderSummary: formatMoney,
  };
}

/** A column linking to an entity's screen (grey without the read right). */
export function linkColumn<Row>(
  key: keyof Row & string,
  title: string,
  entity: EntityCode,
  to: (row: Row) => string,
): DataColumn<Row> {
  return {
    key,
    title,
    render: (row) => (
      <EntityLink entity={entity} to={to(row)}>
        {row[key] as string}
      </EntityLink>
    ),
  };
}

/** The project and market columns of the budget screens: links to /project/{id} and /sst/market/{id}. */
export function projectAndMarketColumns<Row extends { projectId: number; projectName: string; marketEdifice: string }>(
  t: TFunction,
  marketId: (row: Row) => number,
): DataColumn<Row>[] {
  return [
    linkColumn<Row>('projectName', t('budgets.project'), 'project', (row) => `/project/${row.projectId}`),
    linkColumn<Row>(
      'marketEdifice',
      t('budgets.market'),
      'subcontractor_market',
      (row) => `${MARKET_DETAIL_ROUTE}/${marketId(row)}`,
    ),
  ];
}
