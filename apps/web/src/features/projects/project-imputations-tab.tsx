import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { formatMoney } from '../../lib/i18n';
import { ImputationModal } from './imputation-modal';
import { deleteImputation, type Imputation, useProjectImputations } from './projects.api';

/** Which imputation the modal shows: none, a new one, or one to edit. */
type ModalState = { open: false } | { open: true; imputation: Imputation | null };

/**
 * The Imputations tab of a project (spec 3 Project detail): each imputation with its order and
 * attachment counters; create, update and delete with the matching imputation rights.
 */
export function ProjectImputationsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const imputations = useProjectImputations(projectId);
  const [modal, setModal] = useState<ModalState>({ open: false });
  const canUpdate = can('imputation', 'update');
  const canDelete = can('imputation', 'delete');

  const remove = async (imputation: Imputation) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    try {
      if ((await deleteImputation(imputation.id)).success) {
        await imputations.refetch();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        getFeedback().warning(error.body?.error ?? t('error.inUse'));
      }
    }
  };

  const money = (value: string) => formatMoney(value);
  const columns: TableColumnsType<Imputation> = [
    { key: 'eotp', dataIndex: 'eotp', title: t('projects.eotp') },
    { key: 'description', dataIndex: 'description', title: t('fields.description') },
    {
      key: 'active',
      title: t('users.active'),
      render: (_value, row) => (
        <Tag color={row.active ? 'green' : 'default'}>{row.active ? t('users.activeYes') : t('users.activeNo')}</Tag>
      ),
    },
    { key: 'nbOs', dataIndex: 'nbOsValidatedOrClosed', title: t('projects.nbOsValidatedOrClosed'), align: 'right' },
    {
      key: 'totalOs',
      title: t('projects.totalOsValidatedOrClosed'),
      align: 'right',
      render: (_value, row) => money(row.totalOsValidatedOrClosed),
    },
    { key: 'nbAtt', dataIndex: 'nbAttachementPayed', title: t('projects.nbAttachementPayed'), align: 'right' },
    {
      key: 'totalAtt',
      title: t('projects.totalAttachementPayed'),
      align: 'right',
      render: (_value, row) => money(row.totalAttachementPayed),
    },
  ];
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: '',
      width: 96,
      render: (_value, row) => (
        <Space size={4}>
          {canUpdate ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('projects.editImputation', { eotp: row.eotp })}
              title={t('detail.edit')}
              onClick={() => setModal({ open: true, imputation: row })}
            />
          ) : null}
          {canDelete ? (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('projects.deleteImputation', { eotp: row.eotp })}
              title={t('detail.delete')}
              onClick={() => void remove(row)}
            />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {can('imputation', 'create') ? (
        <Button icon={<PlusOutlined />} onClick={() => setModal({ open: true, imputation: null })}>
          {t('projects.addImputation')}
        </Button>
      ) : null}
      <Table<Imputation>
        size="small"
        bordered
        rowKey="id"
        loading={imputations.isLoading}
        dataSource={imputations.data ?? []}
        pagination={false}
        columns={columns}
        locale={{ emptyText: t('table.noData') }}
      />
      {modal.open ? (
        <ImputationModal
          projectId={projectId}
          imputation={modal.imputation}
          open
          onClose={() => {
            setModal({ open: false });
            // Also shows the current data after a refused (stale) save.
            void imputations.refetch();
          }}
        />
      ) : null}
    </Space>
  );
}
