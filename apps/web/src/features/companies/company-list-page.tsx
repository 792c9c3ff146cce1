import { PlusOutlined } from '@ant-design/icons';
import type { CompanyRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { COMPANY_DETAIL_ROUTE } from '../../lib/routes';
import { COMPANY_CSV_PATH, COMPANY_LIST_PATH } from './companies.api';
import { CompanyCreateModal } from './company-create-modal';

/** The company list (spec 3 /sst/companies) with its create modal. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const controller = useListController<CompanyRow>({ listName: 'companies', path: COMPANY_LIST_PATH });
  const canCreate = can('company', 'create');

  const columns = useMemo<DataColumn<CompanyRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      { key: 'edifice', title: t('subcontractors.edifice'), nullFilter: false },
      {
        key: 'name',
        title: t('subcontractors.name'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="company" to={`${COMPANY_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      { key: 'siren', title: t('companies.siren') },
      { key: 'manager', title: t('subcontractors.manager') },
      { key: 'mail', title: t('subcontractors.mail') },
      { key: 'agencyCount', title: t('companies.agencyCount'), align: 'right', filter: false, nullFilter: false },
    ],
    [t],
  );

  return (
    <section>
      <PageHeader
        title={t('companies.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('subcontractors.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={COMPANY_CSV_PATH} />
      {canCreate ? <CompanyCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
