import { DeleteOutlined } from '@ant-design/icons';
import type { DelegationRecord } from '@isf/contract';
import { Button, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getFeedback } from '../../lib/feedback';
import { deleteDelegation, useRefreshDelegations } from './account.api';

const DATE_FORMAT = 'DD/MM/YYYY';

type DelegationTableProps = {
  title: string;
  delegations: DelegationRecord[] | undefined;
  loading: boolean;
  /** Whether a row may be deleted (the delegator's own, or any for an administrator). */
  deletable: (delegation: DelegationRecord) => boolean;
};

/** Delegations with their person, window and state; a delete button asks for confirmation. */
export function DelegationTable({ title, delegations, loading, deletable }: DelegationTableProps) {
  const { t } = useTranslation();
  const refresh = useRefreshDelegations();

  const remove = async (delegation: DelegationRecord) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    const reply = await deleteDelegation(delegation.id);
    if (reply.success) {
      await refresh();
    }
  };

  return (
    <Table<DelegationRecord>
      aria-label={title}
      title={() => title}
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={delegations ?? []}
      pagination={false}
      locale={{ emptyText: t('account.delegations.none') }}
      columns={[
        {
          key: 'from',
          title: t('account.delegations.from'),
          render: (_value, row) => `${row.delegateFrom.name} (${row.delegateFrom.uid})`,
        },
        {
          key: 'to',
          title: t('account.delegations.to'),
          render: (_value, row) => `${row.delegateTo.name} (${row.delegateTo.uid})`,
        },
        {
          key: 'start',
          title: t('account.delegations.start'),
          render: (_value, row) => dayjs(row.startDate).format(DATE_FORMAT),
        },
        { key: 'end', title: t('account.delegations.end'), render: (_value, row) => dayjs(row.endDate).format(DATE_FORMAT) },
        {
          key: 'active',
          title: t('account.delegations.state'),
          render: (_value, row) =>
            row.active ? (
              <Tag color="green">{t('account.delegations.active')}</Tag>
            ) : (
              <Tag>{t('account.delegations.inactive')}</Tag>
            ),
        },
        {
          key: 'actions',
          title: '',
          width: 60,
          render: (_value, row) =>
            deletable(row) ? (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('account.delegations.delete', { name: row.delegateTo.name })}
                onClick={() => void remove(row)}
              />
            ) : null,
        },
      ]}
    />
  );
}
