import type { OrderRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { linkColumn, moneyColumn, workflowStepColumn } from '../../components/data-table/column-kinds';
import type { DataColumn } from '../../components/data-table/data-table';
import { orderContextColumns } from '../../components/data-table/order-context-columns';
import { formatIsoDate } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';

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
    const market = withMarket
      ? [
          linkColumn<OrderRow>(
            'marketEdifice',
            t('orderList.market'),
            'subcontractor_market',
            (row) => `${MARKET_DETAIL_ROUTE}/${row.marketId}`,
            (row) => row.marketEdifice,
          ),
        ]
      : [];
    return [
      {
        ...linkColumn<OrderRow>(
          'reference',
          t('orderList.reference'),
          'order',
          (row) => `${ORDER_DETAIL_ROUTE}/${row.id}`,
          (row) => row.reference,
        ),
        reference: true,
      },
      { key: 'name', title: t('orderList.name') },
      ...market,
      linkColumn<OrderRow>(
        'agencyName',
        t('orderList.agency'),
        'agency',
        (row) => `/sst/agency/${row.agencyId}`,
        (row) => row.agencyName,
      ),
      ...orderContextColumns<OrderRow>(t, {
        ftth,
        withMainClient: true,
        oracleStatusLabel: (status) => t(`orderList.oracleStatuses.${status}`),
      }),
      moneyColumn<OrderRow>('total', t('orderList.total'), (row) => row.total),
      workflowStepColumn<OrderRow>(t('orderList.status')),
      { key: 'creatorName', title: t('orderList.creator') },
      { key: 'endDate', title: t('orderList.endDate'), render: (row) => formatIsoDate(row.endDate) },
    ];
  }, [t, ftth, withMarket]);
}
