import { ReloadOutlined } from '@ant-design/icons';
import { TASK_PAGE_SIZE, type TaskRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { formatServerTime } from '../../lib/server-time';
import { TaskEvents } from './task-events';
import { TaskStatusTag } from './task-status-tag';
import { entityDetailRoute, TASK_CSV_PATH, TASK_LIST_PATH } from './tasks.api';
import './tasks.css';

const NO_PAGE_SIZE_OPTIONS: readonly number[] = [];

/** The background task list (spec 3 /tasks): 20 a page, newest first, with a refresh button. */
export function TaskListPage() {
  const { t } = useTranslation();
  const controller = useListController<TaskRow>({
    listName: 'tasks',
    path: TASK_LIST_PATH,
    defaultSort: { column: 'id', direction: 'desc' },
    defaultPageSize: TASK_PAGE_SIZE,
    pageSizeOptions: NO_PAGE_SIZE_OPTIONS,
  });

  const columns = useMemo<DataColumn<TaskRow>[]>(
    () => [
      { key: 'id', title: t('tasks.id'), width: 80, nullFilter: false },
      {
        key: 'jobId',
        title: t('tasks.jobId'),
        width: 130,
        nullFilter: false,
        render: (row) => (
          <span className="isf-task-job-id" title={row.jobId}>
            {row.jobId}
          </span>
        ),
      },
      { key: 'objectName', title: t('tasks.entity'), width: 140 },
      {
        key: 'objectId',
        title: t('tasks.entityId'),
        width: 110,
        render: (row) => {
          const link = entityDetailRoute(row.objectName, row.objectId);
          return link ? (
            <EntityLink entity={link.entity} to={link.to}>
              {row.objectId}
            </EntityLink>
          ) : (
            row.objectId
          );
        },
      },
      {
        key: 'creatorName',
        title: t('tasks.creator'),
        width: 170,
        render: (row) =>
          row.creatorId === null ? null : (
            <EntityLink entity="user" to={`/user/${row.creatorId}`}>
              {row.creatorName}
            </EntityLink>
          ),
      },
      {
        key: 'status',
        title: t('tasks.statusLabel'),
        width: 120,
        nullFilter: false,
        render: (row) => <TaskStatusTag status={row.status} />,
      },
      {
        key: 'createdAt',
        title: t('tasks.createdAt'),
        width: 160,
        nullFilter: false,
        render: (row) => formatServerTime(row.createdAt),
      },
      {
        key: 'eventLog',
        title: t('tasks.events'),
        sortable: false,
        nullFilter: false,
        render: (row) => <TaskEvents events={row.events} />,
      },
    ],
    [t],
  );

  return (
    <section>
      <PageHeader
        title={t('tasks.title')}
        extra={
          <Button icon={<ReloadOutlined />} loading={controller.isFetching} onClick={controller.refetch}>
            {t('tasks.refresh')}
          </Button>
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={TASK_CSV_PATH} />
    </section>
  );
}
