import type { OrderTemplateRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { BPU_TEMPLATE_DETAIL_ROUTE, ORDER_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { OrderTemplateCreateModal } from './order-template-create-modal';
import { ORDER_TEMPLATE_CSV_PATH, ORDER_TEMPLATE_LIST_PATH } from './order-templates.api';

/** The order template list (spec 3 /os/templates) with its create modal. */
export function OrderTemplateListPage() {
  const { t } = useTranslation();
  const controller = useListController<OrderTemplateRow>({ listName: 'order-templates', path: ORDER_TEMPLATE_LIST_PATH });

  const columns = useMemo<DataColumn<OrderTemplateRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'name',
        title: t('orderTemplates.name'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="os_template" to={`${ORDER_TEMPLATE_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      {
        key: 'bpuTemplateName',
        title: t('bpuTemplates.one'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${row.bpuTemplateId}`}>
            {row.bpuTemplateName}
          </EntityLink>
        ),
      },
      { key: 'prestationCount', title: t('orderTemplates.prestationCount'), align: 'right', filter: false, nullFilter: false },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('orderTemplates.title')}
      controller={controller}
      columns={columns}
      csvPath={ORDER_TEMPLATE_CSV_PATH}
      create={{
        entity: 'os_template',
        label: t('orderTemplates.create'),
        modal: (open, onClose) => <OrderTemplateCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
