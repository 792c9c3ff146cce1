import { PlusOutlined } from '@ant-design/icons';
import type { ProjectRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { PROJECT_LIST_PATH } from '../../lib/list-paths';
import { ProjectCreateModal } from './project-create-modal';
import { PROJECT_CSV_PATH } from './projects.api';

/** The project list (spec 3 /projects) with its create modal. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreate = can('project', 'create');
  const controller = useListController<ProjectRow>({ listName: 'projects', path: PROJECT_LIST_PATH });

  const columns = useMemo<DataColumn<ProjectRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'code',
        title: t('fields.code'),
        render: (row) => (
          <EntityLink entity="project" to={`/project/${row.id}`}>
            {row.code}
          </EntityLink>
        ),
      },
      { key: 'name', title: t('fields.name') },
      {
        key: 'typeName',
        title: t('fields.typeName'),
        render: (row) =>
          row.typeId === null ? null : (
            <EntityLink entity="project_type" to={`/projecttype/${row.typeId}`}>
              {row.typeName}
            </EntityLink>
          ),
      },
      { key: 'managerName', title: t('fields.managerName') },
    ],
    [t],
  );

  return (
    <section>
      <PageHeader
        title={t('projects.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={PROJECT_CSV_PATH} />
      {canCreate ? <ProjectCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
