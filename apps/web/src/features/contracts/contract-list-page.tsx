import { PlusOutlined } from '@ant-design/icons';
import type { ContractRow } from '@isf/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { useContractColumns } from './contract-columns';
import { ContractCreateModal } from './contract-create-modal';
import { CONTRACT_CSV_PATH, CONTRACT_LIST_PATH } from './contracts.api';

/** The contract list (spec 2 /sst/contracts) with its creation modal. */
export function ContractListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreate = can('contract', 'create');
  const controller = useListController<ContractRow>({ listName: 'contracts', path: CONTRACT_LIST_PATH });
  const columns = useContractColumns();
  return (
    <section>
      <PageHeader
        title={t('contracts.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={CONTRACT_CSV_PATH} />
      {canCreate ? <ContractCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
