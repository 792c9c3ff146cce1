import { EyeOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { linkColumn, moneyColumn } from '../../components/data-table/column-kinds';
import type { DataColumn } from '../../components/data-table/data-table';
import { formatIsoDate } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE, STATEMENT_DETAIL_ROUTE } from '../../lib/routes';
import type { StatementListRow } from './statements.api';

/**
 * The columns of the statement lists (spec 2 Monthly statement list): the statement (its date, to its
 * screen), market, company, agency and project with their links, SAP reference, payment dates, paid,
 * the amounts (totalled: the gross, then what is due — net without RG, RG released, VAT, TTC) and the view link. The market's tab leaves the market columns out.
 */
export function useStatementColumns({ withMarket }: { withMarket: boolean }): DataColumn<StatementListRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<StatementListRow>[]>(() => {
    const detailRoute = (row: StatementListRow) => `${STATEMENT_DETAIL_ROUTE}/${row.id}`;
    const marketColumns: DataColumn<StatementListRow>[] = withMarket
      ? [
          linkColumn<StatementListRow>(
            'marketEdifice',
            t('statements.market'),
            'subcontractor_market',
            (row) => `${MARKET_DETAIL_ROUTE}/${row.marketId}`,
            (row) => row.marketEdifice,
          ),
          linkColumn<StatementListRow>(
            'companyName',
            t('statements.company'),
            'company',
            (row) => `/sst/company/${row.companyId}`,
            (row) => row.companyName,
          ),
          linkColumn<StatementListRow>(
            'agencyName',
            t('statements.agency'),
            'agency',
            (row) => `/sst/agency/${row.agencyId}`,
            (row) => row.agencyName,
          ),
          linkColumn<StatementListRow>(
            'projectName',
            t('statements.project'),
            'project',
            (row) => `/project/${row.projectId}`,
            (row) => row.projectName,
          ),
        ]
      : [];
    return [
      { key: 'id', title: t('statements.id'), width: 80, reference: true },
      linkColumn<StatementListRow>('date', t('statements.date'), 'monthly_statement', detailRoute, (row) =>
        formatIsoDate(row.date),
      ),
      ...marketColumns,
      { key: 'sapReference', title: t('statements.sapReference') },
      {
        key: 'theoreticalPaymentDate',
        title: t('statements.theoreticalPaymentDate'),
        render: (row) => formatIsoDate(row.theoreticalPaymentDate) || '—',
      },
      { key: 'paidAt', title: t('statements.paidAt'), render: (row) => formatIsoDate(row.paidAt) || '—' },
      moneyColumn<StatementListRow>('totalAmount', t('statements.totalAmount'), (row) => row.totalAmount),
      moneyColumn<StatementListRow>('rgamount', t('statements.rgamount'), (row) => row.rgamount),
      moneyColumn<StatementListRow>('depositUsed', t('statements.depositUsed'), (row) => row.depositUsed),
      // what is due next to the gross: net without RG and deposit, RG released, VAT and TTC (the detail's figures)
      moneyColumn<StatementListRow>(
        'totalAmountWithoutRG',
        t('statements.totalAmountWithoutRG'),
        (row) => row.totalAmountWithoutRG,
      ),
      moneyColumn<StatementListRow>('rgreleased', t('statements.rgreleased'), (row) => row.rgreleased),
      moneyColumn<StatementListRow>('tvaamount', t('statements.tvaAmount'), (row) => row.tvaamount),
      moneyColumn<StatementListRow>('totalAmountTTC', t('statements.totalAmountTTC'), (row) => row.totalAmountTTC),
      { key: 'attachementCount', title: t('statements.attachementCount'), align: 'right', filter: false },
      {
        ...linkColumn<StatementListRow>('detail', '', 'monthly_statement', detailRoute, (row) => (
          <EyeOutlined aria-label={t('statements.view', { id: row.id })} />
        )),
        sortable: false,
        filter: false,
        nullFilter: false,
        width: 56,
      },
    ];
  }, [t, withMarket]);
}
