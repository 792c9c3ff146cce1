import { PlusOutlined, TableOutlined } from '@ant-design/icons';
import type { BpuTemplateRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
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
  const [creating, setCreating] = useState(false);
  const controller = useListController<BpuTemplateRow>({ listName: 'bpu-templates', path: BPU_TEMPLATE_LIST_PATH });
  const canCreate = can('bpu_template', 'create');

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
    <section>
      <PageHeader
        title={t('bpuTemplates.title')}
        extra={
          <>
            {can('bpu_sst', 'read') ? (
              <Button icon={<TableOutlined />} onClick={() => void navigate(BPU_LIST_ROUTE)}>
                {t('bpus.title')}
              </Button>
            ) : null}
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('bpuTemplates.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={BPU_TEMPLATE_CSV_PATH} />
      {canCreate ? <BpuTemplateCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
