import type { QuantitativeRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { useAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { formatQuantity } from '../../lib/quantity-format';
import { moneyColumn, projectAndMarketColumns } from './budget-columns';
import { BudgetListPage } from './budget-list-page';

/**
 * The quantitatives (spec 2 /budget/quantitatives): per project, market, imputation and prestation, the
 * unit, unit price, quantity and amount ordered and done; arcgis, NRO and PM for an FTTH profile; export.
 */
export function QuantitativePage() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const ftth = profile?.ftth ?? false;
  const columns = useMemo<DataColumn<QuantitativeRow>[]>(
    () => [
      ...projectAndMarketColumns<QuantitativeRow>(t, (row) => row.marketId),
      { key: 'imputationEotp', title: t('budgets.imputation') },
      ...(ftth
        ? [
            { key: 'arcgisName', title: t('budgets.arcgisName') },
            { key: 'nroName', title: t('budgets.nroName') },
            { key: 'offerIdPm', title: t('budgets.offerIdPm') },
          ]
        : []),
      { key: 'prestationReference', title: t('budgets.prestationReference') },
      { key: 'prestationDescription', title: t('budgets.prestation') },
      { key: 'unitName', title: t('budgets.unit') },
      { key: 'unitPrice', title: t('budgets.unitPrice'), align: 'right', render: (row) => formatMoney(row.unitPrice) },
      {
        key: 'quantityOrdered',
        title: t('budgets.quantityOrdered'),
        align: 'right',
        render: (row) => formatQuantity(row.quantityOrdered),
      },
      {
        key: 'quantityDone',
        title: t('budgets.quantityDone'),
        align: 'right',
        render: (row) => formatQuantity(row.quantityDone),
      },
      moneyColumn<QuantitativeRow>(t, 'amountOrdered'),
      moneyColumn<QuantitativeRow>(t, 'amountDone'),
    ],
    [t, ftth],
  );
  return <BudgetListPage<QuantitativeRow> screen="quantitatives" title={t('budgets.quantitatives.title')} columns={columns} />;
}
