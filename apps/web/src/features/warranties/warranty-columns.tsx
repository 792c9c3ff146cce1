import type { WarrantyRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';

type MoneyKey = 'total' | 'rg' | 'depositUsed' | 'rgToRelease' | 'rgReleased' | 'rgLeft' | 'rgFromDepositReleased';

/** The columns of the order warranties (spec 2 §3 Service order, warranty view); each order links to /sst/order/{id}. */
export function useWarrantyColumns(): DataColumn<WarrantyRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<WarrantyRow>[]>(() => {
    const money = (key: MoneyKey): DataColumn<WarrantyRow> => ({
      key,
      title: t(`warranties.${key}`),
      align: 'right',
      summary: true,
      render: (row) => formatMoney(row[key]),
      renderSummary: formatMoney,
    });
    const date = (key: 'deliveryDate' | 'releaseDate'): DataColumn<WarrantyRow> => ({
      key,
      title: t(`warranties.${key}`),
      render: (row) => formatIsoDate(row[key]),
    });
    return [
      {
        key: 'reference',
        title: t('warranties.reference'),
        reference: true,
        render: (row) => (
          <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.id}`}>
            {row.reference}
          </EntityLink>
        ),
      },
      { key: 'name', title: t('warranties.name') },
      {
        key: 'marketEdifice',
        title: t('warranties.market'),
        render: (row) => (
          <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.marketId}`}>
            {row.marketEdifice}
          </EntityLink>
        ),
      },
      date('deliveryDate'),
      date('releaseDate'),
      money('rg'),
      money('depositUsed'),
      money('rgToRelease'),
      money('rgReleased'),
      money('rgLeft'),
      money('rgFromDepositReleased'),
      money('total'),
      { key: 'projectName', title: t('warranties.project') },
      { key: 'agencyName', title: t('warranties.agency') },
      { key: 'oscarSubProjectName', title: t('warranties.subproject') },
      { key: 'imputationEotp', title: t('warranties.imputation') },
      { key: 'nodeName', title: t('warranties.status') },
    ];
  }, [t]);
}
