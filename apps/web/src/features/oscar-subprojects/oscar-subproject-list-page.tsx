import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import {
  OSCAR_SUBPROJECT_CSV_PATH,
  OSCAR_SUBPROJECT_FIELDS,
  OSCAR_SUBPROJECT_LIST_PATH,
  type OscarSubprojectRow,
} from './oscar-subprojects.api';

/** The OSCAR sub-project list (spec 3 /oscarsubprojects): read-only, with the CSV download. */
export function OscarSubprojectListPage() {
  const { t } = useTranslation();
  const controller = useListController<OscarSubprojectRow>({ listName: 'oscarsubprojects', path: OSCAR_SUBPROJECT_LIST_PATH });
  const columns = useMemo<DataColumn<OscarSubprojectRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 80, nullFilter: false },
      {
        key: 'name',
        title: t('fields.name'),
        render: (row) => (
          <EntityLink entity="project" to={`/oscarsubproject/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      { key: 'projectName', title: t('oscar.projectName') },
      ...OSCAR_SUBPROJECT_FIELDS.map((field) => ({ key: field, title: t(`oscar.${field}`) })),
    ],
    [t],
  );
  return (
    <section>
      <PageHeader title={t('oscar.title')} />
      <DataTable controller={controller} columns={columns} csvPath={OSCAR_SUBPROJECT_CSV_PATH} />
    </section>
  );
}
