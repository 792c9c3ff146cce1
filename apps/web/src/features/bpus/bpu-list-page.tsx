import { LockOutlined, ProfileOutlined } from '@ant-design/icons';
import type { BpuRow } from '@isf/contract';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { useAuth } from '../../lib/auth-store';
import { BPU_DETAIL_ROUTE, BPU_TEMPLATE_DETAIL_ROUTE, BPU_TEMPLATE_LIST_ROUTE } from '../../lib/routes';
import { BpuCreateModal } from './bpu-create-modal';
import { BPU_CSV_PATH, BPU_LIST_PATH } from './bpus.api';

/**
 * The BPU list (spec 3 /sst/bpu) with its create modal and, with the read right on BPU templates, a
 * button to the template list.
 */
export function BpuListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const controller = useListController<BpuRow>({ listName: 'bpus', path: BPU_LIST_PATH });

  const columns = useMemo<DataColumn<BpuRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'name',
        title: t('bpus.name'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="bpu_sst" to={`${BPU_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      {
        key: 'bpuTemplateName',
        title: t('bpus.bpuTemplate'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${row.bpuTemplateId}`}>
            {row.bpuTemplateName}
          </EntityLink>
        ),
      },
      {
        key: 'marketId',
        title: t('bpus.market'),
        width: 120,
        render: (row) => (row.marketId === null ? null : `#${row.marketId}`),
      },
      {
        key: 'locked',
        title: t('bpus.lockedLabel'),
        width: 140,
        filter: false,
        nullFilter: false,
        render: (row) =>
          row.locked ? (
            <Tag icon={<LockOutlined />} color="default">
              {t('bpus.locked')}
            </Tag>
          ) : null,
      },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('bpus.title')}
      controller={controller}
      columns={columns}
      csvPath={BPU_CSV_PATH}
      extra={
        can('bpu_template', 'read') ? (
          <Button icon={<ProfileOutlined />} onClick={() => void navigate(BPU_TEMPLATE_LIST_ROUTE)}>
            {t('bpuTemplates.title')}
          </Button>
        ) : null
      }
      create={{
        entity: 'bpu_sst',
        label: t('bpus.create'),
        modal: (open, onClose) => <BpuCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
