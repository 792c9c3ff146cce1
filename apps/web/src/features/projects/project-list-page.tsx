import type { ProjectRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PROJECT_LIST_PATH } from '../../lib/list-paths';
import { ProjectCreateModal } from './project-create-modal';
import { PROJECT_CSV_PATH } from './projects.api';

/** The project list (spec 3 /projects) with its create modal. */
export function ProjectListPage() {
  const { t } = useTranslation();
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
    <ListScreen
      title={t('projects.title')}
      controller={controller}
      columns={columns}
      csvPath={PROJECT_CSV_PATH}
      create={{
        entity: 'project',
        label: t('reference.create'),
        modal: (open, onClose) => <ProjectCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
