import { TableOutlined } from '@ant-design/icons';
import type { BpuTemplateRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { useAuth } from '../../lib/auth-store';
import { BPU_TEMPLATE_LIST_PATH } from '../../lib/list-paths';
import { BPU_LIST_ROUTE, BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import { BpuTemplateCreateModal } from './bpu-template-create-modal';
import { BPU_TEMPLATE_CSV_PATH } from './bpu-templates.api';

/** The BPU template list (spec 3 /sst/bputemplates/) with its create modal and a button to the BPU list. */
export function BpuTemplateListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const controller = useListController<BpuTemplateRow>({ listName: 'bpu-templates', path: BPU_TEMPLATE_LIST_PATH });

  const columns = useMemo<DataColumn<BpuTemplateRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'name',
        title: t('bpuTemplates.name'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      { key: 'prestationCount', title: t('bpuTemplates.prestationCount'), align: 'right', filter: false, nullFilter: false },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('bpuTemplates.title')}
      controller={controller}
      columns={columns}
      csvPath={BPU_TEMPLATE_CSV_PATH}
      extra={
        can('bpu_sst', 'read') ? (
          <Button icon={<TableOutlined />} onClick={() => void navigate(BPU_LIST_ROUTE)}>
            {t('bpus.title')}
          </Button>
        ) : null
      }
      create={{
        entity: 'bpu_template',
        label: t('bpuTemplates.create'),
        modal: (open, onClose) => <BpuTemplateCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
