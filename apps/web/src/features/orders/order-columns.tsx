import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatIsoDate, formatMoney } from '../../i18n';
import { MARKET_DETAIL_ROUTE } from '../markets/markets.api';
import { ORDER_DETAIL_ROUTE, type OrderRow } from './orders.api';

export type OrderColumnOptions = {
  /** The FTTH active profile adds the Oscar sub-project, ArcGIS name, NRO and PM columns. */
  ftth: boolean;
  /** The market's own Orders tab leaves its market column out. */
  withMarket: boolean;
};

/** The columns of an order table (spec 2 Order list): the order list and the market's Orders tab. */
export function useOrderColumns({ ftth, withMarket }: OrderColumnOptions): DataColumn<OrderRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<OrderRow>[]>(() => {
    const text = (key: keyof OrderRow, title: string): DataColumn<OrderRow> => ({ key, title: t(title) });
    const market: DataColumn<OrderRow>[] = withMarket
      ? [
          {
            key: 'marketEdifice',
            title: t('orderList.market'),
            render: (row) => (
              <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.marketId}`}>
                {row.marketEdifice}
              </EntityLink>
            ),
          },
        ]
      : [];
    const fibre: DataColumn<OrderRow>[] = ftth
      ? [
          text('oscarSubProjectName', 'orderList.oscarSubProject'),
          text('arcgisName', 'orderList.arcgisName'),
          text('nroName', 'orderList.nroName'),
          text('offerIdPm', 'orderList.offerIdPm'),
        ]
      : [];
    return [
      {
        key: 'reference',
        title: t('orderList.reference'),
        render: (row) => (
          <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.id}`}>
            {row.reference}
          </EntityLink>
        ),
      },
      text('name', 'orderList.name'),
      ...market,
      {
        key: 'agencyName',
        title: t('orderList.agency'),
        render: (row) => (
          <EntityLink entity="agency" to={`/sst/agency/${row.agencyId}`}>
            {row.agencyName}
          </EntityLink>
        ),
      },
      {
        key: 'projectName',
        title: t('orderList.project'),
        render: (row) => (
          <EntityLink entity="project" to={`/project/${row.projectId}`}>
            {row.projectName}
          </EntityLink>
        ),
      },
      text('contractNumber', 'orderList.contractNumber'),
      text('mainClient', 'orderList.mainClient'),
      text('clientMarket', 'orderList.clientMarket'),
      text('clientBdc', 'orderList.clientBdc'),
      ...fibre,
      text('imputationEotp', 'orderList.imputation'),
      text('oracleProjectName', 'orderList.oracleProject'),
      text('oracleTaskName', 'orderList.oracleTask'),
      {
        key: 'oracleStatus',
        title: t('orderList.oracleStatus'),
        nullFilter: false,
        render: (row) => t(`orderList.oracleStatuses.${row.oracleStatus}`),
      },
      text('followerName', 'orderList.follower'),
      {
        key: 'total',
        title: t('orderList.total'),
        align: 'right',
        nullFilter: false,
        summary: true,
        render: (row) => formatMoney(row.total),
        renderSummary: (value) => formatMoney(value),
      },
      {
        key: 'nodeName',
        title: t('orderList.status'),
        render: (row) => (row.nodeId === null ? row.nodeName : <Link to={`/node/${row.nodeId}`}>{row.nodeName}</Link>),
      },
      text('creatorName', 'orderList.creator'),
      { key: 'endDate', title: t('orderList.endDate'), render: (row) => formatIsoDate(row.endDate) },
    ];
  }, [t, ftth, withMarket]);
}
