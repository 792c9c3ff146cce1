import type { AgencyEvaluationRow, ProjectEvaluationRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { type EvaluationQuery, fetchAgencyProjects, fetchCompanyAgencies } from './evaluations.api';
import { ScoreTag } from './score-tag';

type ProjectOrMarket = {
  key: string;
  name: string | null;
  score: string | null;
  count: number;
  children?: ProjectOrMarket[];
};

/** Levels 3 and 4: the agency's projects (its own safety and procurement ratings first), then their markets. */
function AgencyProjects({ agencyId, query }: { agencyId: number; query: EvaluationQuery }) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: ['evaluation', 'drill', 'agency', agencyId, query],
    queryFn: () => fetchAgencyProjects(agencyId, query),
  });
  const rows: ProjectOrMarket[] = (projects.data ?? []).map((project: ProjectEvaluationRow) => ({
    key: `p${project.projectId ?? 'none'}`,
    name: project.projectName ?? t('evaluations.agencyLevel'),
    score: project.score,
    count: project.count,
    children:
      project.markets.length > 0
        ? project.markets.map((market) => ({
            key: `m${market.marketId}`,
            name: `${t('evaluations.market')} ${market.marketName}`,
            score: market.score,
            count: market.count,
          }))
        : undefined,
  }));
  const columns: TableColumnsType<ProjectOrMarket> = [
    { title: t('evaluations.projectOrMarket'), dataIndex: 'name' },
    {
      title: t('evaluations.score'),
      dataIndex: 'score',
      width: 120,
      render: (score: string | null) => <ScoreTag score={score} />,
    },
    { title: t('evaluations.count'), dataIndex: 'count', width: 120 },
  ];
  // mounted once loaded, so that every project opens on its markets
  if (projects.isLoading) {
    return <Skeleton active paragraph={{ rows: 2 }} />;
  }
  return (
    <Table<ProjectOrMarket>
      size="small"
      rowKey="key"
      dataSource={rows}
      columns={columns}
      pagination={false}
      expandable={{ defaultExpandAllRows: true }}
    />
  );
}

/** Level 2: the company's agencies; each opens on its projects and markets (spec 3 drill-down). */
export function CompanyAgencies({ companyId, query }: { companyId: number; query: EvaluationQuery }) {
  const { t } = useTranslation();
  // spec 3 §9: the detail drill-down ends today
  const detailQuery = { ...query, end_date: dayjs().format('YYYY-MM-DD') };
  const agencies = useQuery({
    queryKey: ['evaluation', 'drill', 'company', companyId, detailQuery],
    queryFn: () => fetchCompanyAgencies(companyId, detailQuery),
  });
  const columns: TableColumnsType<AgencyEvaluationRow> = [
    {
      title: t('evaluations.agency'),
      dataIndex: 'agencyName',
      render: (name: string, row) => (
        <EntityLink entity="agency" to={`/sst/agency/${row.agencyId}`}>
          {name}
        </EntityLink>
      ),
    },
    {
      title: t('evaluations.score'),
      dataIndex: 'score',
      width: 120,
      render: (score: string | null) => <ScoreTag score={score} />,
    },
    { title: t('evaluations.count'), dataIndex: 'count', width: 120 },
  ];
  return (
    <Table<AgencyEvaluationRow>
      size="small"
      rowKey="agencyId"
      loading={agencies.isLoading}
      dataSource={agencies.data ?? []}
      columns={columns}
      pagination={false}
      expandable={{ expandedRowRender: (row) => <AgencyProjects agencyId={row.agencyId} query={detailQuery} /> }}
    />
  );
}
