import type { ContractRow } from '@isf/contract';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { EntityLink } from '../../components/entity-link';
import { formatIsoDate } from '../../lib/i18n';
import { CONTRACT_DETAIL_ROUTE } from '../../lib/routes';

/** The columns of a contract table (the list, the child contracts): links to agency, contract, user and document type. */
export function useContractColumns(): DataColumn<ContractRow>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<ContractRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 80, nullFilter: false },
      {
        key: 'contractNumber',
        title: t('contracts.contractNumber'),
        reference: true,
        render: (row) => (
          <EntityLink entity="contract" to={`${CONTRACT_DETAIL_ROUTE}/${row.id}`}>
            {row.contractNumber}
          </EntityLink>
        ),
      },
      {
        key: 'agencyName',
        title: t('contracts.agency'),
        render: (row) => (
          <EntityLink entity="agency" to={`/sst/agency/${row.agencyId}`}>
            {row.agencyName}
          </EntityLink>
        ),
      },
      {
        key: 'documentTypeName',
        title: t('contracts.documentType'),
        render: (row) => (
          <EntityLink entity="document_type" to={`/documenttype/${row.documentTypeId}`}>
            {row.documentTypeName}
          </EntityLink>
        ),
      },
      {
        key: 'referentName',
        title: t('contracts.referent'),
        render: (row) => (
          <EntityLink entity="user" to={`/user/${row.referentId}`}>
            {row.referentName}
          </EntityLink>
        ),
      },
      { key: 'startDate', title: t('contracts.startDate'), render: (row) => formatIsoDate(row.startDate) },
      { key: 'endDate', title: t('contracts.endDate'), render: (row) => formatIsoDate(row.endDate) },
      { key: 'duration', title: t('contracts.duration'), align: 'right' },
      { key: 'parentNumber', title: t('contracts.parent') },
      {
        key: 'active',
        title: t('contracts.active'),
        render: (row) =>
          row.active ? <Tag color="green">{t('contracts.activeTag')}</Tag> : <Tag>{t('contracts.inactiveTag')}</Tag>,
      },
    ],
    [t],
  );
}
