import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STATEMENT_CONFIRM_REMOVE_RELEASE, type StatementRelease, type StatementReleaseCandidateRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { useEditMode } from '../../app/edit-mode';
import { getFeedback } from '../../app/feedback';
import { EntityLink } from '../../components/entity-link';
import { PickerModal } from '../../components/picker/picker-modal';
import { formatIsoDate, formatMoney } from '../../i18n';
import { ATTACHMENT_DETAIL_ROUTE } from '../attachments/attachments.api';
import { ORDER_DETAIL_ROUTE } from '../orders/orders.api';
import { confirmAndRun } from './statement-action';
import {
  fetchStatementReleases,
  releaseStatementRg,
  removeStatementRelease,
  statementReleaseCandidatesPath,
  statementReleasesKey,
} from './statements.api';

export type StatementRgReleasesPanelProps = {
  statementId: number;
  /** Update right and an unlocked statement: RG may be released. */
  canRelease: boolean;
  /** Option DANGEROUSLY_REVERT and an unlocked statement: a release may be removed (spec 2 §6). */
  canRemove: boolean;
  /** After a release is recorded or removed (the figures change). */
  onChanged: () => void;
};

/**
 * The RG a statement releases (spec 2 Monthly statement detail, "remove a retention release"): attachment,
 * order, RG released; "Libérer des RG" picks among its market's validated attachments with an RG that no
 * statement releases yet, Remove (with the option) gives one back after a confirmation.
 */
export function StatementRgReleasesPanel({ statementId, canRelease, canRemove, onChanged }: StatementRgReleasesPanelProps) {
  const { t } = useTranslation();
  const editing = useEditMode();
  const [picking, setPicking] = useState(false);
  const rows = useQuery({
    queryKey: statementReleasesKey(statementId),
    queryFn: () => fetchStatementReleases(statementId),
  });
  const refresh = () => {
    void rows.refetch();
    onChanged();
  };

  const release = async (row: StatementReleaseCandidateRow) => {
    setPicking(false);
    try {
      await releaseStatementRg(statementId, [row.id]);
      refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) {
        getFeedback().warning(error.body?.detail ?? error.body?.error ?? error.message);
      } else {
        throw error;
      }
    }
  };

  const remove = async (row: StatementRelease) => {
    if (await confirmAndRun(STATEMENT_CONFIRM_REMOVE_RELEASE, () => removeStatementRelease(statementId, row.id))) {
      refresh();
    }
  };

  const columns: TableColumnsType<StatementRelease> = [
    {
      key: 'reference',
      title: t('attachmentList.reference'),
      render: (_value, row) => (
        <EntityLink entity="attachement" to={`${ATTACHMENT_DETAIL_ROUTE}/${row.id}`}>
          {row.reference}
        </EntityLink>
      ),
    },
    {
      key: 'order',
      title: t('attachmentList.order'),
      render: (_value, row) => (
        <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
          {row.orderReference}
        </EntityLink>
      ),
    },
    {
      key: 'rgReleaseDate',
      title: t('statements.rgReleaseDate'),
      render: (_value, row) => (row.rgReleaseDate ? formatIsoDate(row.rgReleaseDate) : '—'),
    },
    {
      key: 'rgReleased',
      title: t('statements.rgreleased'),
      align: 'right',
      render: (_value, row) => formatMoney(row.rgReleased),
    },
    ...(canRemove
      ? [
          {
            key: 'remove',
            width: 56,
            render: (_value: unknown, row: StatementRelease) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={editing}
                aria-label={t('statements.removeRelease', { reference: row.reference })}
                onClick={() => void remove(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('statements.releases')}
      style={{ marginTop: 16 }}
      extra={
        canRelease ? (
          <Button icon={<PlusOutlined />} disabled={editing} onClick={() => setPicking(true)}>
            {t('statements.releaseRg')}
          </Button>
        ) : null
      }
    >
      <Table<StatementRelease>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows.data ?? []}
        loading={rows.isLoading}
        pagination={false}
        locale={{ emptyText: t('statements.noRelease') }}
      />
      {picking ? (
        <PickerModal<StatementReleaseCandidateRow>
          title={t('statements.releaseRg')}
          listName="picker.situation.rgreleases"
          listPath={statementReleaseCandidatesPath(statementId)}
          columns={[
            { key: 'reference', title: t('attachmentList.reference') },
            { key: 'orderReference', title: t('attachmentList.order') },
            {
              key: 'rgReleaseDate',
              title: t('statements.rgReleaseDate'),
              render: (row) => (row.rgReleaseDate ? formatIsoDate(row.rgReleaseDate) : '—'),
            },
            { key: 'totalRg', title: t('statements.rgamount'), align: 'right', render: (row) => formatMoney(row.totalRg) },
            { key: 'nodeName', title: t('orderList.status') },
          ]}
          onPick={(row) => void release(row)}
          onCancel={() => setPicking(false)}
        />
      ) : null}
    </Card>
  );
}
