import { UnorderedListOutlined } from '@ant-design/icons';
import type { DepositUsage } from '@isf/contract';
import { Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { ATTACHMENT_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { useDepositUsages } from './deposits.api';

/** The usage map of a deposit: which attachments consumed it, and how much (spec 2 §3 Deposit "attachements"). */
export function DepositUsageTable({ usages, loading = false }: { usages: DepositUsage[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<DepositUsage>
      size="small"
      rowKey="attachment"
      pagination={false}
      loading={loading}
      dataSource={usages}
      locale={{ emptyText: t('deposits.noUsage') }}
      columns={[
        {
          key: 'reference',
          title: t('deposits.attachment'),
          render: (_value, usage) => (
            <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${usage.attachment}`}>
              {usage.reference}
            </EntityLink>
          ),
        },
        {
          key: 'order',
          title: t('deposits.order'),
          render: (_value, usage) => (
            <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${usage.order}`}>
              {usage.orderReference}
            </EntityLink>
          ),
        },
        { key: 'amount', title: t('deposits.usedAmount'), align: 'right', render: (_value, usage) => formatMoney(usage.amount) },
        { key: 'createdAt', title: t('deposits.usedAt'), render: (_value, usage) => formatIsoDate(usage.createdAt) },
      ]}
    />
  );
}

/** A button opening the usage map of one deposit of the list (fetched when opened). */
export function DepositUsageButton({ depositId, reference }: { depositId: number; reference: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const usages = useDepositUsages(depositId, open);
  return (
    <>
      <Button size="small" icon={<UnorderedListOutlined />} aria-label={t('deposits.usages')} onClick={() => setOpen(true)}>
        {t('deposits.usages')}
      </Button>
      <Modal
        open={open}
        title={t('deposits.usagesTitle', { reference })}
        footer={null}
        width={720}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        {usages.isError ? (
          <Typography.Text type="danger">{t('table.fetchingError')}</Typography.Text>
        ) : (
          <DepositUsageTable usages={usages.data ?? []} loading={usages.isFetching} />
        )}
      </Modal>
    </>
  );
}
