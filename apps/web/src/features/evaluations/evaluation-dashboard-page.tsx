import { DownloadOutlined } from '@ant-design/icons';
import { type CompanyEvaluationRow, EVALUATION_PAGE_SIZES } from '@isf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Skeleton, Statistic, Table, type TableColumnsType, type TableProps } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatScore } from './evaluation-chart-options';
import { CompanyAgencies } from './evaluation-drilldown';
import { defaultFilters, EvaluationFilters, type FilterValues, toQuery } from './evaluation-filters';
import { exportEvaluations, fetchCompanies, fetchSummary } from './evaluations.api';
import { ScoreTag } from './score-tag';

// echarts is loaded only when the dashboard shows its charts
const EvaluationCharts = lazy(() => import('./evaluation-charts'));

type Paging = { page: number; size: number; sort: string };

/**
 * The evaluation dashboard (spec 3 /evaluation/synthese): filters, counts, the average gauge and the
 * radar of the six axes, the table of companies (10, 20 or 50 a page) with the drill-down company →
 * agency → project → market, and the CSV export of the filtered evaluations.
 */
export function EvaluationDashboardPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FilterValues>(defaultFilters);
  const [paging, setPaging] = useState<Paging>({ page: 0, size: EVALUATION_PAGE_SIZES[0], sort: 'companyName,asc' });
  const query = useMemo(() => toQuery(filters), [filters]);
  const summary = useQuery({ queryKey: ['evaluation', 'summary', query], queryFn: () => fetchSummary(query) });
  const companies = useQuery({
    queryKey: ['evaluation', 'companies', query, paging],
    queryFn: () => fetchCompanies({ ...query, ...paging }),
    placeholderData: keepPreviousData,
  });

  const apply = (values: FilterValues) => {
    setFilters(values);
    setPaging((current) => ({ ...current, page: 0 }));
  };

  const onChange: TableProps<CompanyEvaluationRow>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.order ? `${String(single.field)},${single.order === 'descend' ? 'desc' : 'asc'}` : 'companyName,asc';
    setPaging({ page: (pagination.current ?? 1) - 1, size: pagination.pageSize ?? EVALUATION_PAGE_SIZES[0], sort });
  };

  const columns: TableColumnsType<CompanyEvaluationRow> = [
    { title: t('evaluations.company'), dataIndex: 'companyName', sorter: true },
    {
      title: t('evaluations.score'),
      dataIndex: 'score',
      sorter: true,
      width: 140,
      render: (score: string | null) => <ScoreTag score={score} />,
    },
    { title: t('evaluations.count'), dataIndex: 'count', sorter: true, width: 160 },
    { title: t('evaluations.agencyCount'), dataIndex: 'agencyCount', sorter: true, width: 160 },
  ];

  return (
    <>
      <PageHeader
        title={t('evaluations.dashboardTitle')}
        extra={
          <Button icon={<DownloadOutlined />} onClick={() => exportEvaluations(query)}>
            {t('evaluations.export')}
          </Button>
        }
      />
      <EvaluationFilters onApply={apply} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('evaluations.evaluationCount')} value={summary.data?.count ?? 0} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('evaluations.agencyCount')} value={summary.data?.agencyCount ?? 0} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('evaluations.average')} value={formatScore(summary.data?.score ?? null)} />
          </Card>
        </Col>
      </Row>
      <Card style={{ marginBottom: 16 }}>
        {summary.data ? (
          <Suspense fallback={<Skeleton active />}>
            <EvaluationCharts summary={summary.data} />
          </Suspense>
        ) : (
          <Skeleton active />
        )}
      </Card>
      <Table<CompanyEvaluationRow>
        rowKey="companyId"
        loading={companies.isFetching}
        dataSource={companies.data?.content ?? []}
        columns={columns}
        onChange={onChange}
        expandable={{ expandedRowRender: (row) => <CompanyAgencies companyId={row.companyId} query={query} /> }}
        pagination={{
          current: paging.page + 1,
          pageSize: paging.size,
          total: companies.data?.totalElements ?? 0,
          pageSizeOptions: EVALUATION_PAGE_SIZES.map(String),
          showSizeChanger: true,
        }}
      />
    </>
  );
}
