import type { BudgetOdRow } from '@isf/contract';
import { Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { ATTACHMENT_DETAIL_ROUTE, STATEMENT_DETAIL_ROUTE } from '../../lib/routes';
import { linkColumn, moneyColumn } from './budget-columns';
import { BudgetListPage } from './budget-list-page';
import { odQuery } from './budgets.api';
import './budgets.css';
import { IsoDateInput } from '../../components/form/iso-date-input';

/**
 * The OD mask (spec 2 /budget/od): start and end date filters (spec 2 §9: startDate, endDate), one row per
 * invoiced attachment and prestation type, links to the statement and the attachment, the CSV download.
 */
export function OdPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const columns = useMemo<DataColumn<BudgetOdRow>[]>(
    () => [
      {
        key: 'statementDate',
        title: t('budgets.statementDate'),
        filter: false,
        render: (row) => (
          <EntityLink entity="monthly_statement" to={`${STATEMENT_DETAIL_ROUTE}/${row.statementId}`}>
            {formatIsoDate(row.statementDate)}
          </EntityLink>
        ),
      },
      linkColumn<BudgetOdRow>(
        'attachmentReference',
        t('budgets.attachment'),
        'attachement',
        (row) => `${ATTACHMENT_DETAIL_ROUTE}/${row.attachmentId}`,
      ),
      { key: 'senderEotp', title: t('budgets.senderEotp') },
      { key: 'receiverEotp', title: t('budgets.receiverEotp') },
      { ...moneyColumn<BudgetOdRow>(t, 'amountHt'), render: (row) => formatMoney(row.amountHt) },
      { key: 'prestationTypeName', title: t('budgets.prestationType') },
      { key: 'currency', title: t('budgets.currency'), sortable: false, filter: false, nullFilter: false },
    ],
    [t],
  );
  const dateInput = (key: 'startDate' | 'endDate') => (
    <Space size={6}>
      <Typography.Text>{t(`budgets.${key}`)}</Typography.Text>
      <IsoDateInput
        aria-label={t(`budgets.${key}`)}
        value={range[key]}
        style={{ width: 170 }}
        onChange={(value) => setRange((current) => ({ ...current, [key]: value }))}
      />
    </Space>
  );
  return (
    <BudgetListPage<BudgetOdRow>
      screen="od"
      title={t('budgets.od.title')}
      columns={columns}
      defaultSort={{ column: 'statementDate', direction: 'desc' }}
      extraQuery={odQuery(range)}
      filters={
        <div className="isf-budget-filters">
          {dateInput('startDate')}
          {dateInput('endDate')}
        </div>
      }
    />
  );
}
