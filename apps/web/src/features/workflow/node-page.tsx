import { ApartmentOutlined } from '@ant-design/icons';
import type { WorkflowFilter, WorkflowNodeDetail } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { NODE_TYPE_COLORS } from '../../components/workflow-panel/node-types';
import { filterOptions, initialFilter } from './node-filter';
import { NodeTokenTable } from './node-token-table';
import { ScreenRefusalResult } from './screen-refusal';
import { fetchMyActions, fetchNode, fetchNodeTransitions, MY_ACTIONS_QUERY_KEY } from './workflow.api';
import './workflow.css';

export const WORKFLOW_QUERY_KEY = ['workflow'] as const;

function nodeQueryKey(nodeId: number): readonly unknown[] {
  return [...WORKFLOW_QUERY_KEY, 'node', nodeId];
}

function NodeScreen({
  node,
  hasMyActions,
  requested,
}: {
  node: WorkflowNodeDetail;
  hasMyActions: boolean;
  requested: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<WorkflowFilter>(() =>
    initialFilter({ workflowCode: node.workflowCode, hasMyActions, counts: node.counts, requested }),
  );
  const transitions = useQuery({
    queryKey: [...nodeQueryKey(node.id), 'transitions'],
    queryFn: () => fetchNodeTransitions(node.id),
  });
  const options = filterOptions(node.workflowCode, hasMyActions).map((value) => ({
    value,
    label: `${t(`workflow.filter.${value}`)} (${node.counts[value]})`,
  }));
  return (
    <div className="isf-node-page">
      <PageHeader
        title={
          <>
            {t('workflow.node.title', { workflow: node.workflowName, node: node.name })}{' '}
            <Tag color={NODE_TYPE_COLORS[node.nodeType]}>{t(`workflow.nodeType.${node.nodeType}`)}</Tag>
          </>
        }
        extra={
          <Link to={`/wf/${node.workflowId}`}>
            <ApartmentOutlined /> {t('workflow.node.showWorkflow')}
          </Link>
        }
      />
      {options.length > 1 ? (
        <Segmented<WorkflowFilter>
          className="isf-node-filter"
          aria-label={t('workflow.filter.label')}
          options={options}
          value={filter}
          onChange={setFilter}
        />
      ) : null}
      <NodeTokenTable
        key={filter}
        node={node}
        filter={filter}
        transitions={transitions.data ?? []}
        onMoved={() => {
          void queryClient.invalidateQueries({ queryKey: WORKFLOW_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
    </div>
  );
}

/**
 * The workflow node screen /node/{id} (spec 1 §2): title with the workflow and node names, the All /
 * My scope / My tasks filter (My tasks by default when the user has tasks here), the tokens and the
 * node's transitions.
 */
export function NodePage() {
  const nodeId = Number(useParams().id);
  const [params] = useSearchParams();
  const node = useQuery({ queryKey: nodeQueryKey(nodeId), queryFn: () => fetchNode(nodeId), staleTime: 0 });
  const myActions = useQuery({ queryKey: MY_ACTIONS_QUERY_KEY, queryFn: fetchMyActions, staleTime: 0 });
  if (node.isPending || myActions.isPending) {
    return <Skeleton active />;
  }
  if (node.isError) {
    return null;
  }
  if (node.data === 'forbidden' || node.data === 'notFound') {
    return <ScreenRefusalResult refusal={node.data} />;
  }
  return (
    <NodeScreen
      key={nodeId}
      node={node.data}
      hasMyActions={myActions.data?.hasMyActions ?? false}
      requested={params.get('filter')}
    />
  );
}
