import { DeleteOutlined } from '@ant-design/icons';
import { ORACLE_PROJECT_SYNC_FAILED_MESSAGE, ORACLE_PROJECT_SYNC_RUNNING_MESSAGE, type OracleProjectRecord } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSyncAction } from '../../components/sync-action/use-sync-action';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate } from '../../lib/i18n';
import { AttachPicker, useLinkCalls } from './attach-picker';
import {
  attachOracleProject,
  detachOracleProject,
  oracleProjectsKey,
  syncProjectWithOracle,
  useOracleTasks,
  useProjectOracleProjects,
} from './erp-projects.api';
import { OracleProjectPicker } from './oracle-project-picker';
import { canSyncWithOracle } from './oracle-sync-rule';
import type { ProjectRecord } from './projects.api';

/**
 * The synchronisation of a project with Oracle: its button and its running / failure banners
 * (spec 3 §8 texts).
 */
function useOracleSync(projectId: number, onDone: () => Promise<unknown>) {
  const { t } = useTranslation();
  return useSyncAction({
    label: t('erpProjects.sync'),
    runningText: ORACLE_PROJECT_SYNC_RUNNING_MESSAGE,
    failedText: ORACLE_PROJECT_SYNC_FAILED_MESSAGE,
    run: () => syncProjectWithOracle(projectId),
    onDone: async ({ summary }) => {
      getFeedback().success(t('erpProjects.syncDone', { projects: summary.projects.received, tasks: summary.tasks.received }));
      await onDone();
    },
  });
}

/** The tasks of an Oracle project, under its row. */
function OracleTasks({ oracleProjectId }: { oracleProjectId: number }) {
  const { t } = useTranslation();
  const tasks = useOracleTasks(oracleProjectId);
  return (
    <Table
      size="small"
      rowKey="id"
      loading={tasks.isLoading}
      dataSource={tasks.data ?? []}
      pagination={false}
      locale={{ emptyText: t('table.noData') }}
      columns={[
        { key: 'number', dataIndex: 'number', title: t('erpProjects.taskNumber'), width: 120 },
        { key: 'name', dataIndex: 'name', title: t('erpProjects.taskName') },
        { key: 'description', dataIndex: 'description', title: t('fields.description') },
      ]}
    />
  );
}

/**
 * The Oracle projects tab of a project (spec 3 Project detail): its Oracle projects with their tasks,
 * attached from the available ones and detached with the update right on Oracle projects, and the
 * synchronisation of the project's requisitioning business unit.
 */
export function ProjectOracleProjectsTab({ project }: { project: ProjectRecord | undefined }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const projectId = project?.id ?? 0;
  const linked = useProjectOracleProjects(projectId, project !== undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: oracleProjectsKey(projectId) });
  const { busy, run, confirmThenRun } = useLinkCalls(refresh);
  const canLink = can('oracle_project', 'update');
  const sync = useOracleSync(projectId, refresh);

  const columns: TableColumnsType<OracleProjectRecord> = [
    { key: 'number', dataIndex: 'number', title: t('erpProjects.number') },
    { key: 'name', dataIndex: 'name', title: t('fields.name') },
    { key: 'typeName', dataIndex: 'typeName', title: t('fields.typeName') },
    { key: 'status', dataIndex: 'status', title: t('erpProjects.status') },
    { key: 'owningOrganizationName', dataIndex: 'owningOrganizationName', title: t('erpProjects.organisation') },
    { key: 'managerName', dataIndex: 'managerName', title: t('erpProjects.manager') },
    { key: 'startDate', title: t('erpProjects.startDate'), render: (_value, row) => formatIsoDate(row.startDate) },
    { key: 'endDate', title: t('erpProjects.endDate'), render: (_value, row) => formatIsoDate(row.endDate) },
    ...(canLink
      ? [
          {
            key: 'remove',
            title: '',
            width: 60,
            render: (_value: unknown, row: OracleProjectRecord) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('erpProjects.detach', { name: row.number })}
                title={t('erpProjects.detach', { name: row.number })}
                disabled={busy}
                onClick={() => void confirmThenRun(t('confirm.delete'), () => detachOracleProject(projectId, row.id))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {canLink ? (
          <AttachPicker
            label={t('erpProjects.attach')}
            busy={busy}
            picker={(value, onChange) => <OracleProjectPicker projectId={projectId} value={value} onChange={onChange} />}
            onAttach={(id) => run(() => attachOracleProject(projectId, id))}
          />
        ) : (
          <span />
        )}
        {canSyncWithOracle(project, can('project', 'update')) ? sync.button : null}
      </div>
      {sync.banner}
      <Table<OracleProjectRecord>
        size="small"
        bordered
        rowKey="id"
        loading={linked.isLoading}
        dataSource={linked.data ?? []}
        pagination={false}
        locale={{ emptyText: t('table.noData') }}
        columns={columns}
        expandable={
          can('oracle_task', 'read') ? { expandedRowRender: (row) => <OracleTasks oracleProjectId={row.id} /> } : undefined
        }
      />
    </Space>
  );
}
