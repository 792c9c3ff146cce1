import type { PrestationRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PRESTATION_LIST_PATH } from '../../lib/list-paths';
import { BPU_TEMPLATE_DETAIL_ROUTE, PRESTATION_DETAIL_ROUTE } from '../../lib/routes';
import { PrestationCreateModal } from './prestation-create-modal';
import { PRESTATION_CSV_PATH } from './prestations.api';

/**
 * The prestation list (spec 3 /prestations): template, reference, category (parent), subcategory, item
 * code, designation, unit, type; a link to the detail and a create modal.
 */
export function PrestationListPage() {
  const { t } = useTranslation();
  const controller = useListController<PrestationRow>({ listName: 'prestations', path: PRESTATION_LIST_PATH });

  const columns = useMemo<DataColumn<PrestationRow>[]>(
    () => [
      {
        key: 'id',
        title: t('fields.id'),
        width: 90,
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="prestation" to={`${PRESTATION_DETAIL_ROUTE}/${row.id}`}>
            {row.id}
          </EntityLink>
        ),
      },
      {
        key: 'bpuTemplateName',
        title: t('prestations.bpuTemplate'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${row.bpuTemplateId}`}>
            {row.bpuTemplateName}
          </EntityLink>
        ),
      },
      { key: 'referenceName', title: t('prestations.reference'), nullFilter: false },
      // The parent of the prestation's own category is the category; the own category is then the subcategory.
      {
        key: 'categoryParentName',
        title: t('prestations.category'),
        render: (row) => row.categoryParentName ?? row.categoryName,
      },
      {
        key: 'categoryName',
        title: t('prestations.subcategory'),
        nullFilter: false,
        render: (row) => (row.categoryParentName === null ? null : row.categoryName),
      },
      {
        key: 'code',
        title: t('prestations.code'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="prestation" to={`${PRESTATION_DETAIL_ROUTE}/${row.id}`}>
            {row.code}
          </EntityLink>
        ),
      },
      { key: 'description', title: t('prestations.description'), nullFilter: false },
      { key: 'unitName', title: t('prestations.unit'), nullFilter: false },
      { key: 'typeName', title: t('prestations.type'), nullFilter: false },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('prestations.title')}
      controller={controller}
      columns={columns}
      csvPath={PRESTATION_CSV_PATH}
      create={{
        entity: 'prestation',
        label: t('prestations.create'),
        modal: (open, onClose) => <PrestationCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
