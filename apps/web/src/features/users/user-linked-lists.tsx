import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { useUserAgencies, useUserProjects } from './users.api';

/** The Agencies tab of a user: the agencies of the profile, each opening its detail. */
export function UserAgenciesList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const agencies = useUserAgencies(userId);
  return (
    <Table
      size="small"
      bordered
      rowKey="id"
      loading={agencies.isLoading}
      dataSource={agencies.data ?? []}
      pagination={false}
      locale={{ emptyText: t('table.noData') }}
      columns={[
        {
          key: 'name',
          title: t('fields.name'),
          render: (_value, agency) => (
            <EntityLink entity="agency" to={`/sst/agency/${agency.id}`}>
              {agency.name}
            </EntityLink>
          ),
        },
        { key: 'siret', dataIndex: 'siret', title: t('users.siret') },
        { key: 'companyName', dataIndex: 'companyName', title: t('users.company') },
      ]}
    />
  );
}

/** The Projects tab of a user: the projects of the profile, each opening its detail. */
export function UserProjectsList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const projects = useUserProjects(userId);
  return (
    <Table
      size="small"
      bordered
      rowKey="id"
      loading={projects.isLoading}
      dataSource={projects.data ?? []}
      pagination={false}
      locale={{ emptyText: t('table.noData') }}
      columns={[
        {
          key: 'code',
          title: t('fields.code'),
          render: (_value, project) => (
            <EntityLink entity="project" to={`/project/${project.id}`}>
              {project.code}
            </EntityLink>
          ),
        },
        { key: 'name', dataIndex: 'name', title: t('fields.name') },
      ]}
    />
  );
}
