import { useQuery } from '@tanstack/react-query';
import { Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { NODE_TYPE_COLORS } from '../../components/workflow-panel/node-types';
import { ScreenRefusalResult } from './screen-refusal';
import { fetchFlowchart } from './workflow.api';
import { WorkflowFlowchart } from './workflow-flowchart';
import './workflow-flowchart.css';

const NODE_TYPES = [1, 2, 3, 4] as const;

/** The workflow view /wf/{id} (spec 1 §2): the workflow's name and its flowchart. Loaded lazily with the graph library. */
export function WorkflowViewPage() {
  const { t } = useTranslation();
  const workflowId = Number(useParams().id);
  const flowchart = useQuery({
    queryKey: ['workflow', 'flowchart', workflowId],
    queryFn: () => fetchFlowchart(workflowId),
    staleTime: 0,
  });
  if (flowchart.isPending) {
    return <Skeleton active />;
  }
  if (flowchart.isError) {
    return null;
  }
  if (flowchart.data === 'forbidden' || flowchart.data === 'notFound') {
    return <ScreenRefusalResult refusal={flowchart.data} />;
  }
  return (
    <div className="isf-workflow-view">
      <PageHeader title={t('workflow.flowchart.title', { name: flowchart.data.name })} />
      <Space size={12} wrap className="isf-flowchart-legend">
        {NODE_TYPES.map((type) => (
          <Tag key={type} color={NODE_TYPE_COLORS[type]}>
            {t(`workflow.nodeType.${type}`)}
          </Tag>
        ))}
        <Typography.Text type="secondary">{t('workflow.flowchart.legend')}</Typography.Text>
      </Space>
      <WorkflowFlowchart flowchart={flowchart.data} />
    </div>
  );
}
