import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { type DepositRow, depositCreateSchema } from '@isf/contract';
import { Button, Form, Input, Space, Tooltip } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { MoneyInput } from '../../components/form/money-input';
import { schemaRule } from '../../components/form/schema-rules';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { DepositUsageButton } from './deposit-usages';
import type { DepositRowEdit } from './use-deposit-row-edit';

export type DepositColumnOptions = {
  edit: DepositRowEdit;
  /** The deposits list shows the market, project and agency; a market's block does not. */
  withMarket: boolean;
  /** The list's rows open their usage map in a modal; the blocks expand the row instead. */
  usageButton: boolean;
};

const cellStyle = { margin: 0 };

/**
 * The columns of a deposit table (spec 2 Deposits list: market, reference, amount, used, remaining,
 * reimbursement date), with the inline edit of one row: reference, amount (required, 0 or more) and
 * reimbursement date become fields of the edit form while the row is edited.
 */
export function useDepositColumns({ edit, withMarket, usageButton }: DepositColumnOptions): DataColumn<DepositRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<DepositRow>[]>(() => {
    const editing = (row: DepositRow) => edit.editingId === row.id;
    const field = (row: DepositRow, shown: ReactNode, input: ReactNode) => (editing(row) ? input : shown);
    const money = (key: 'amount' | 'depositUsed' | 'remaining', title: string): DataColumn<DepositRow> => ({
      key,
      title: t(title),
      align: 'right',
      summary: true,
      render: (row) => formatMoney(row[key]),
      renderSummary: formatMoney,
    });
    const market: DataColumn<DepositRow>[] = withMarket
      ? [
          {
            key: 'marketEdifice',
            title: t('deposits.market'),
            render: (row) => (
              <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${row.marketId}`}>
                {row.marketEdifice}
              </EntityLink>
            ),
          },
          {
            key: 'projectName',
            title: t('deposits.project'),
            render: (row) => (
              <EntityLink entity="project" to={`/project/${row.projectId}`}>
                {row.projectName}
              </EntityLink>
            ),
          },
        ]
      : [];
    return [
      ...market,
      {
        key: 'reference',
        title: t('deposits.reference'),
        reference: true,
        render: (row) =>
          field(
            row,
            row.reference,
            <Form.Item name="reference" style={cellStyle} rules={[schemaRule(depositCreateSchema.shape.reference, t)]}>
              <Input aria-label={t('deposits.reference')} style={{ minWidth: 140 }} />
            </Form.Item>,
          ),
      },
      {
        key: 'orderReference',
        title: t('deposits.order'),
        render: (row) =>
          row.orderId === null ? (
            t('deposits.anyOrder')
          ) : (
            <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
              {row.orderReference}
            </EntityLink>
          ),
      },
      {
        ...money('amount', 'deposits.amount'),
        render: (row) =>
          field(
            row,
            formatMoney(row.amount),
            <Form.Item name="amount" style={cellStyle} rules={[schemaRule(depositCreateSchema.shape.amount, t)]}>
              <MoneyInput aria-label={t('deposits.amount')} style={{ width: 150 }} />
            </Form.Item>,
          ),
      },
      money('depositUsed', 'deposits.used'),
      money('remaining', 'deposits.remaining'),
      {
        key: 'reimbursementDate',
        title: t('deposits.reimbursementDate'),
        render: (row) =>
          field(
            row,
            formatIsoDate(row.reimbursementDate),
            <Form.Item name="reimbursementDate" style={cellStyle}>
              <IsoDateInput aria-label={t('deposits.reimbursementDate')} style={{ width: 160 }} />
            </Form.Item>,
          ),
      },
      {
        key: '__actions',
        title: t('deposits.actions'),
        sortable: false,
        filter: false,
        nullFilter: false,
        render: (row) => <DepositRowActions row={row} edit={edit} usageButton={usageButton} />,
      },
    ];
  }, [edit, withMarket, usageButton, t]);
}

function DepositRowActions({ row, edit, usageButton }: { row: DepositRow; edit: DepositRowEdit; usageButton: boolean }) {
  const { t } = useTranslation();
  const usage = usageButton ? <DepositUsageButton depositId={row.id} reference={row.reference} /> : null;
  if (edit.editingId === row.id) {
    return (
      <Space size={4}>
        <Button size="small" type="primary" icon={<CheckOutlined />} loading={edit.saving} onClick={() => void edit.save()}>
          {t('deposits.save')}
        </Button>
        <Button size="small" icon={<CloseOutlined />} onClick={edit.cancel}>
          {t('deposits.cancel')}
        </Button>
      </Space>
    );
  }
  const refusal = edit.refusalOf(row);
  return (
    <Space size={4}>
      {!edit.canEdit ? null : refusal === null ? (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('deposits.edit')}
          disabled={edit.editingId !== null}
          onClick={() => edit.start(row)}
        >
          {t('deposits.edit')}
        </Button>
      ) : (
        <Tooltip title={refusal}>
          {/* a disabled button fires no mouse events: the span carries the tooltip */}
          <span>
            <Button size="small" icon={<EditOutlined />} aria-label={t('deposits.edit')} disabled>
              {t('deposits.edit')}
            </Button>
          </span>
        </Tooltip>
      )}
      {usage}
    </Space>
  );
}
