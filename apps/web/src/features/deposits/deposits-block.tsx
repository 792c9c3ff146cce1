import { PlusOutlined } from '@ant-design/icons';
import type { DepositRecord } from '@isf/contract';
import { Button, Form, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store';
import { useDepositColumns } from './deposit-columns';
import { DepositCreateModal } from './deposit-create-modal';
import { DepositUsageTable } from './deposit-usages';
import { type DepositOwner, useOwnerDeposits } from './deposits.api';
import { useDepositRowEdit } from './use-deposit-row-edit';

/**
 * The deposits block of an order (its deposits, and its market's for any order) or of a market (all
 * of them): the add modal and the inline row edit with the deposit rights, the financial option and a
 * retention type other than not applicable; each row expands into its usage map.
 */
export function DepositsBlock(owner: DepositOwner) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [adding, setAdding] = useState(false);
  const readable = can('deposit', 'read');
  const deposits = useOwnerDeposits(owner, readable);
  const edit = useDepositRowEdit();
  const columns = useDepositColumns({ edit, withMarket: false, usageButton: false });
  if (!readable) {
    return null;
  }
  const refusal = deposits.data?.editRefusal ?? null;
  const canAdd = can('deposit', 'create') && deposits.data !== undefined && refusal === null;
  const notApplicable = deposits.data?.depositType === 'notApplicable';
  const tableColumns: TableColumnsType<DepositRecord> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.align,
    render: (_value: unknown, row: DepositRecord, index: number) => column.render?.(row, index) ?? null,
  }));
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        {notApplicable ? <Typography.Text type="secondary">{t('deposits.notApplicable')}</Typography.Text> : <span />}
        {canAdd ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('deposits.add')}
          </Button>
        ) : null}
      </Space>
      <Form form={edit.form} component={false}>
        <Table<DepositRecord>
          size="small"
          bordered
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          loading={deposits.isFetching}
          dataSource={deposits.data?.content ?? []}
          columns={tableColumns}
          locale={{ emptyText: deposits.isError ? t('table.fetchingError') : t('deposits.none') }}
          expandable={{
            rowExpandable: (row) => row.attachements.length > 0,
            expandedRowRender: (row) => <DepositUsageTable usages={row.attachements} />,
          }}
        />
      </Form>
      {canAdd ? <DepositCreateModal owner={owner} open={adding} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
