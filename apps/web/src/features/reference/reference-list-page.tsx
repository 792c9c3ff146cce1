import type { ResourceDefinition, ResourceRecord } from '@isf/contract';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { ListFrame } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { ReferenceCreateModal } from './reference-create-modal';

const LINKED_COLUMNS = new Set(['id', 'name']);

type ReferenceListPageProps = {
  definition: ResourceDefinition;
  /** More header actions of a resource's own screen. */
  extra?: ReactNode;
  /** Shown between the header and the table (warnings, running actions). */
  banner?: ReactNode;
};

/** The list screen of a reference resource: its declared columns, CSV, and a create modal when allowed. */
export function ReferenceListPage({ definition, extra, banner }: ReferenceListPageProps) {
  const { t } = useTranslation();
  const controller = useListController<ResourceRecord>({ listName: definition.key, path: definition.api.list });

  const columns = useMemo<DataColumn<ResourceRecord>[]>(() => {
    // long texts wrap in a bounded column, so the columns after them stay in view
    const multiline = new Set(definition.fields.filter((field) => field.multiline).map((field) => field.name));
    return definition.columns.map((column) => ({
      key: column,
      title: t(`fields.${column}`),
      width: column === 'id' ? 90 : multiline.has(column) ? 380 : undefined,
      nullFilter: column !== 'id',
      render: LINKED_COLUMNS.has(column)
        ? (row: ResourceRecord) => (
            <EntityLink entity={definition.entity} to={`${definition.routes.detail}/${row.id}`}>
              {row[column]}
            </EntityLink>
          )
        : undefined,
    }));
  }, [definition, t]);

  return (
    <ListFrame
      title={t(`${definition.i18nKey}.title`)}
      extra={extra}
      create={
        definition.api.create === null
          ? undefined
          : {
              entity: definition.entity,
              label: t('reference.create'),
              modal: (open, onClose) => <ReferenceCreateModal definition={definition} open={open} onClose={onClose} />,
            }
      }
    >
      {banner}
      <DataTable controller={controller} columns={columns} csvPath={definition.api.csv} />
    </ListFrame>
  );
}
