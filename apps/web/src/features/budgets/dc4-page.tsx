import type { Dc4Row } from '@isf/contract';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { formatMoney } from '../../lib/i18n';
import { moneyColumn, projectAndMarketColumns } from './budget-columns';
import { BudgetListPage } from './budget-list-page';
import { isOverCeiling } from './budgets.api';
import './budgets.css';

/**
 * The DC4 (spec 2 /budget/dc4): one row per project and market with the DC4 figures of docs/money.md and
 * their totals, links to the project and the market, the download; a market over its ceiling stands out.
 */
export function Dc4Page() {
  const { t } = useTranslation();
  const columns = useMemo<DataColumn<Dc4Row>[]>(
    () => [
      ...projectAndMarketColumns<Dc4Row>(t, (row) => row.id),
      { key: 'agencyName', title: t('budgets.agency') },
      moneyColumn<Dc4Row>(t, 'maxAmountDc4Ht'),
      moneyColumn<Dc4Row>(t, 'amountPayedAttachments'),
      moneyColumn<Dc4Row>(t, 'amountMonthlyStatementAttachments'),
      moneyColumn<Dc4Row>(t, 'amountValidatedAttachments'),
      moneyColumn<Dc4Row>(t, 'totalAttachementAmount'),
      moneyColumn<Dc4Row>(t, 'availableOnDc4', (row) =>
        isOverCeiling(row.availableOnDc4) ? (
          <span>
            <Typography.Text type="danger" strong>
              {formatMoney(row.availableOnDc4)}
            </Typography.Text>{' '}
            <Tag color="red">{t('budgets.overCeiling')}</Tag>
          </span>
        ) : (
          formatMoney(row.availableOnDc4)
        ),
      ),
      moneyColumn<Dc4Row>(t, 'amountOrdered'),
      moneyColumn<Dc4Row>(t, 'radAmount'),
      moneyColumn<Dc4Row>(t, 'availableOnDc4WithRAD', (row) =>
        isOverCeiling(row.availableOnDc4WithRAD) ? (
          <Typography.Text type="danger">{formatMoney(row.availableOnDc4WithRAD)}</Typography.Text>
        ) : (
          formatMoney(row.availableOnDc4WithRAD)
        ),
      ),
    ],
    [t],
  );
  return (
    <BudgetListPage<Dc4Row>
      screen="dc4"
      title={t('budgets.dc4.title')}
      columns={columns}
      rowClassName={(row) => (isOverCeiling(row.availableOnDc4) ? 'isf-budget-over-ceiling' : '')}
    />
  );
}
