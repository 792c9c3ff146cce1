import type { BudgetWarrantyRow } from '@isf/contract';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { formatMoney } from '../../lib/i18n';
import { ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { linkColumn, moneyColumn, projectAndMarketColumns } from './budget-columns';
import { BudgetListPage } from './budget-list-page';

/**
 * Retentions and guarantees (spec 2 /budget/warranties): per market and order, the RG held, released and
 * left, the deposits paid and used, and the payment guarantee replacing the RG (loi 71-584); newest first
 * (spec 2 §9: warranties sort descending); export.
 */
export function BudgetWarrantyPage() {
  const { t } = useTranslation();
  const columns = useMemo<DataColumn<BudgetWarrantyRow>[]>(
    () => [
      ...projectAndMarketColumns<BudgetWarrantyRow>(t, (row) => row.marketId),
      linkColumn<BudgetWarrantyRow>('reference', t('budgets.order'), 'order', (row) => `${ORDER_DETAIL_ROUTE}/${row.id}`),
      {
        ...moneyColumn<BudgetWarrantyRow>(t, 'total'),
        title: t('budgets.orderTotal'),
        summary: false,
        render: (row) => formatMoney(row.total),
      },
      moneyColumn<BudgetWarrantyRow>(t, 'rg'),
      moneyColumn<BudgetWarrantyRow>(t, 'rgReleased'),
      moneyColumn<BudgetWarrantyRow>(t, 'rgLeft'),
      moneyColumn<BudgetWarrantyRow>(t, 'depositAmount'),
      moneyColumn<BudgetWarrantyRow>(t, 'depositUsed'),
      {
        key: 'paymentGuarantee',
        title: t('budgets.paymentGuarantee'),
        filter: false,
        render: (row) => (row.paymentGuarantee ? <Tag color="green">{t('budgets.yes')}</Tag> : t('budgets.no')),
      },
      moneyColumn<BudgetWarrantyRow>(t, 'rgCoveredByGuarantee'),
    ],
    [t],
  );
  return (
    <BudgetListPage<BudgetWarrantyRow>
      screen="warranties"
      title={t('budgets.warranties.title')}
      columns={columns}
      defaultSort={{ column: 'id', direction: 'desc' }}
    />
  );
}
