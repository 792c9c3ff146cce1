import type { CompanyRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { COMPANY_DETAIL_ROUTE } from '../../lib/routes';
import { COMPANY_CSV_PATH, COMPANY_LIST_PATH } from './companies.api';
import { CompanyCreateModal } from './company-create-modal';

/** The company list (spec 3 /sst/companies) with its create modal. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const controller = useListController<CompanyRow>({ listName: 'companies', path: COMPANY_LIST_PATH });

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
    <ListScreen
      title={t('companies.title')}
      controller={controller}
      columns={columns}
      csvPath={COMPANY_CSV_PATH}
      create={{
        entity: 'company',
        label: t('subcontractors.create'),
        modal: (open, onClose) => <CompanyCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
