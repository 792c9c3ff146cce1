import type { MarketRow } from '@isf/contract';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatMoney, NUMBER_LOCALE } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';

/** A percentage as typed (decimal text), in the locale's form. */
export function formatRate(value: string | null): string {
  return value === null ? '' : `${value.replace('.', NUMBER_LOCALE === 'fr-FR' ? ',' : '.')} %`;
}

/** The columns of a market table: the market list, and the agency's Contractor agreement tab (no agency column). */
export function useMarketColumns({ withAgency }: { withAgency: boolean }): DataColumn<MarketRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<MarketRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 80, nullFilter: false },
      {
        key: 'edifice',
        title: t('markets.edifice'),
        reference: true,
        render: (row) => (
          <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.id}`}>
            {row.edifice}
          </EntityLink>
        ),
      },
      ...(withAgency
        ? [
            {
              key: 'agencyName',
              title: t('markets.agency'),
              render: (row: MarketRow) => (
                <EntityLink entity="agency" to={`/sst/agency/${row.agencyId}`}>
                  {row.agencyName}
                </EntityLink>
              ),
            },
          ]
        : []),
      {
        key: 'projectName',
        title: t('markets.project'),
        render: (row) => (
          <EntityLink entity="project" to={`/project/${row.projectId}`}>
            {row.projectName}
          </EntityLink>
        ),
      },
      { key: 'contractNumber', title: t('markets.contractNumber') },
      {
        key: 'maxAmountDC4',
        title: t('markets.maxAmountDC4'),
        align: 'right',
        render: (row) => formatMoney(row.maxAmountDC4),
      },
      { key: 'tva', title: t('markets.tva'), render: (row) => t(`markets.tvaType.${row.tva}`) },
      { key: 'depositType', title: t('markets.depositType'), render: (row) => t(`markets.depositTypes.${row.depositType}`) },
      { key: 'rgRate', title: t('markets.rgRate'), align: 'right', render: (row) => formatRate(row.rgRate) },
      {
        key: 'toEvaluate',
        title: t('markets.toEvaluate'),
        render: (row) => (row.toEvaluate ? t('markets.yes') : t('markets.no')),
      },
      {
        key: 'active',
        title: t('markets.active'),
        render: (row) => (row.active ? <Tag color="green">{t('markets.activeTag')}</Tag> : <Tag>{t('markets.inactiveTag')}</Tag>),
      },
      { key: 'nodeName', title: t('markets.status') },
    ],
    [t, withAgency],
  );
}
