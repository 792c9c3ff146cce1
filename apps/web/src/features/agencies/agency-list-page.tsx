import type { AgencyRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { AGENCY_DETAIL_ROUTE } from '../../lib/routes';
import { AGENCY_CSV_PATH, AGENCY_LIST_PATH } from './agencies.api';
import { AgencyCreateModal } from './agency-create-modal';
import { AgencyStatusIcon, DocumentsCompletedIcon } from './agency-status';

/** The agency list (spec 3 /sst/agencies): status and documents icons, company link, create modal. */
export function AgencyListPage() {
  const { t } = useTranslation();
  const controller = useListController<AgencyRow>({ listName: 'agencies', path: AGENCY_LIST_PATH });

  const columns = useMemo<DataColumn<AgencyRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'status',
        title: t('agencies.status'),
        width: 90,
        align: 'center',
        nullFilter: false,
        render: (row) => <AgencyStatusIcon status={row.status} />,
      },
      {
        key: 'documentsCompleted',
        title: t('agencies.documents'),
        width: 110,
        align: 'center',
        filter: false,
        nullFilter: false,
        render: (row) => <DocumentsCompletedIcon completed={row.documentsCompleted} />,
      },
      {
        key: 'name',
        title: t('subcontractors.name'),
        render: (row) => (
          <EntityLink entity="agency" to={`${AGENCY_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      {
        key: 'companyName',
        title: t('agencies.company'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="company" to={`/sst/company/${row.companyId}`}>
            {row.companyName}
          </EntityLink>
        ),
      },
      { key: 'siret', title: t('agencies.siret') },
      { key: 'edifice', title: t('subcontractors.edifice') },
      { key: 'manager', title: t('subcontractors.manager') },
      { key: 'mail', title: t('subcontractors.mail') },
      { key: 'phone', title: t('subcontractors.phone') },
      {
        key: 'synchronize',
        title: t('agencies.synchronize'),
        filter: false,
        nullFilter: false,
        render: (row) => (row.synchronize ? t('agencies.yes') : t('agencies.no')),
      },
    ],
    [t],
  );

  return (
    <ListScreen
      title={t('agencies.title')}
      controller={controller}
      columns={columns}
      csvPath={AGENCY_CSV_PATH}
      create={{
        entity: 'agency',
        label: t('subcontractors.create'),
        modal: (open, onClose) => <AgencyCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
