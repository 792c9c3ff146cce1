import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AgencyRow } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../components/data-table/query-table';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { AGENCY_DETAIL_ROUTE } from '../../lib/routes';
import {
  AGENCY_LIST_PATH,
  AgencyCreateModal,
  AgencyStatusIcon,
  companyAgenciesQueryKey,
  DocumentsCompletedIcon,
  deleteCompanyAgency,
  fetchCompanyAgencies,
} from '../agencies';
import { COMPANY_LIST_PATH } from './companies.api';

type CompanyAgenciesTabProps = { company: { id: number; name: string } };

/**
 * The company's agencies (spec 3 Company detail): links to each agency, an add-agency button with the
 * create right on agency (the creation modal with the company preset), deletion with the delete right.
 */
export function CompanyAgenciesTab({ company }: CompanyAgenciesTabProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    queryKey: companyAgenciesQueryKey(company.id),
    queryFn: () => fetchCompanyAgencies(company.id),
    staleTime: 0,
  });
  const canCreate = can('agency', 'create');
  const canDelete = can('agency', 'delete');

  const remove = async (agency: AgencyRow) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    try {
      await deleteCompanyAgency(company.id, agency.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // The global handling stays silent on business refusals: say why here.
        getFeedback().warning(error.body?.error ?? t('error.inUse'));
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
    void queryClient.invalidateQueries({ queryKey: listQueryKey(AGENCY_LIST_PATH) });
    void queryClient.invalidateQueries({ queryKey: listQueryKey(COMPANY_LIST_PATH) });
  };

  const columns: TableColumnsType<AgencyRow> = [
    {
      key: 'status',
      title: t('agencies.status'),
      width: 80,
      align: 'center',
      render: (_value, agency) => <AgencyStatusIcon status={agency.status} />,
    },
    {
      key: 'documentsCompleted',
      title: t('agencies.documents'),
      width: 100,
      align: 'center',
      render: (_value, agency) => <DocumentsCompletedIcon completed={agency.documentsCompleted} />,
    },
    {
      key: 'name',
      title: t('subcontractors.name'),
      render: (_value, agency) => (
        <EntityLink entity="agency" to={`${AGENCY_DETAIL_ROUTE}/${agency.id}`}>
          {agency.name}
        </EntityLink>
      ),
    },
    { key: 'siret', dataIndex: 'siret', title: t('agencies.siret') },
    { key: 'edifice', dataIndex: 'edifice', title: t('subcontractors.edifice') },
    { key: 'manager', dataIndex: 'manager', title: t('subcontractors.manager') },
    { key: 'mail', dataIndex: 'mail', title: t('subcontractors.mail') },
    { key: 'phone', dataIndex: 'phone', title: t('subcontractors.phone') },
    ...(canDelete
      ? [
          {
            key: 'actions',
            title: '',
            width: 56,
            render: (_value: unknown, agency: AgencyRow) => (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('companies.deleteAgency', { name: agency.name })}
                title={t('companies.deleteAgency', { name: agency.name })}
                onClick={() => void remove(agency)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div>
      {canCreate ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('companies.addAgency')}
          </Button>
        </div>
      ) : null}
      <QueryTable<AgencyRow>
        columns={columns}
        rows={query.data?.content}
        fetching={query.isFetching}
        failed={query.isError}
        scroll={{ x: 'max-content' }}
      />
      {canCreate ? (
        <AgencyCreateModal
          open={creating}
          onClose={() => setCreating(false)}
          company={{ id: company.id, label: company.name }}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: listQueryKey(COMPANY_LIST_PATH) })}
        />
      ) : null}
    </div>
  );
}
