import { DeleteOutlined } from '@ant-design/icons';
import { NO_IMPUTATION_SELECTED_MESSAGE, type OracleImputationRow } from '@isf/contract';
import { Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate } from '../../lib/i18n';
import { ImputationSteps } from './imputation-steps';
import { ORACLE_IMPUTATION_CSV_PATH, ORACLE_IMPUTATION_LIST_PATH, removeOracleImputations } from './oracle-imputations.api';

const SYNC_COLORS: Record<OracleImputationRow['syncStatus'], string> = {
  NOT_SYNCED: 'default',
  SYNCED: 'green',
  PROJECT_NOT_FOUND: 'red',
  TASK_NOT_FOUND: 'orange',
};

/**
 * The ERP imputation list (spec 2 /oracleimputations): the four numbered steps, the list (shared DataTable:
 * filters, sort, selection, CSV download) and the bulk removal — 'Aucune imputation sélectionnée' when
 * nothing is selected (spec 2 §8).
 */
export function OracleImputationListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [removing, setRemoving] = useState(false);
  const controller = useListController<OracleImputationRow>({
    listName: 'oracle-imputations',
    path: ORACLE_IMPUTATION_LIST_PATH,
  });
  const columns = useMemo<DataColumn<OracleImputationRow>[]>(
    () => [
      { key: 'id', title: t('oracleImputations.columns.id'), width: 70, reference: true },
      { key: 'eotp', title: t('oracleImputations.columns.eotp') },
      { key: 'prestationType', title: t('oracleImputations.columns.prestationType') },
      { key: 'projectNumber', title: t('oracleImputations.columns.projectNumber') },
      { key: 'organization', title: t('oracleImputations.columns.organization') },
      { key: 'taskNumber', title: t('oracleImputations.columns.taskNumber') },
      { key: 'imputation', title: t('oracleImputations.columns.imputation') },
      {
        key: 'oracleProjectName',
        title: t('oracleImputations.columns.oracleProject'),
        render: (row) => (row.oracleProjectName ? codeAndName(row.oracleProjectNumber, row.oracleProjectName) : '—'),
      },
      { key: 'oracleTaskName', title: t('oracleImputations.columns.oracleTask'), render: (row) => row.oracleTaskName ?? '—' },
      {
        key: 'syncStatus',
        title: t('oracleImputations.columns.syncStatus'),
        render: (row) => (
          <Tag color={SYNC_COLORS[row.syncStatus]} title={row.syncMessage ?? undefined}>
            {t(`oracleImputations.syncStatuses.${row.syncStatus}`)}
          </Tag>
        ),
      },
      { key: 'syncedAt', title: t('oracleImputations.columns.syncedAt'), render: (row) => formatIsoDate(row.syncedAt) || '—' },
      { key: 'orderCount', title: t('oracleImputations.columns.orderCount'), align: 'right', filter: false },
    ],
    [t],
  );
  const selected = controller.selectedKeys.map(Number);

  const remove = async () => {
    if (selected.length === 0) {
      getFeedback().warning(NO_IMPUTATION_SELECTED_MESSAGE);
      return;
    }
    if (!(await getFeedback().confirm({ content: t('oracleImputations.removeConfirm', { count: selected.length }) }))) {
      return;
    }
    setRemoving(true);
    try {
      const reply = await removeOracleImputations(selected);
      getFeedback().success(t('oracleImputations.removed', { count: reply.removed }));
      controller.setSelectedKeys([]);
      controller.refetch();
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section>
      <PageHeader title={t('oracleImputations.title')} />
      <ImputationSteps canRun={can('oracle_imputation', 'create')} onDone={controller.refetch} />
      <DataTable
        controller={controller}
        columns={columns}
        csvPath={ORACLE_IMPUTATION_CSV_PATH}
        toolbar={
          can('oracle_imputation', 'delete') ? (
            <Button danger icon={<DeleteOutlined />} loading={removing} onClick={() => void remove()}>
              {t('oracleImputations.remove')}
            </Button>
          ) : null
        }
      />
    </section>
  );
}
