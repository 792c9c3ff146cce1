import type { NodeTokenRow, NodeTransition, WorkflowFilter, WorkflowNodeDetail } from '@isf/contract';
import { Input, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PreCheckDialogs } from '../../components/workflow-panel/pre-check-dialogs';
import { tokenAgeLabel } from '../../components/workflow-panel/token-age';
import { TransitionButtons } from '../../components/workflow-panel/transition-buttons';
import { getFeedback } from '../../lib/feedback';
import { NodeMoveResults } from './node-move-results';
import { type BatchItem, type BatchResult, moveInParallel } from './node-moves';
import { workItemView } from './work-item-views';
import { nodeTokensPath } from './workflow.api';

export type NodeTokenTableProps = {
  node: WorkflowNodeDetail;
  filter: WorkflowFilter;
  transitions: readonly NodeTransition[];
  /** After a batch: the screen reloads its counts. */
  onMoved: () => void;
};

const DATE_TIME = 'DD/MM/YYYY HH:mm';

function rowLabel(row: NodeTokenRow): string {
  return row.label ?? `#${row.entityId}`;
}

/**
 * The tokens of a node (spec 1 §2): the item's own columns, a comment per row, row selection, and the
 * node's transition buttons that move the selected tokens in parallel, each with its own comment.
 */
export function NodeTokenTable({ node, filter, transitions, onMoved }: NodeTokenTableProps) {
  const { t } = useTranslation();
  const controller = useListController<NodeTokenRow>({
    listName: `workflow-node-${node.id}`,
    path: nodeTokensPath(node.id),
    defaultSort: { column: 'id', direction: 'desc' },
    extraQuery: { filter },
  });
  const [comments, setComments] = useState<Record<number, string>>({});
  const [busyId, setBusyId] = useState<number | null>(null);
  const [batch, setBatch] = useState<{ target: string; results: BatchResult[] } | null>(null);
  // the selection survives paging: remember every selected row seen
  const seen = useRef(new Map<Key, NodeTokenRow>());
  for (const row of controller.rows) {
    seen.current.set(row.id, row);
  }

  const failures = useMemo(
    () =>
      new Map(
        (batch?.results ?? []).flatMap((entry) =>
          entry.result.status === 'refused' ? [[entry.tokenId, entry.result.message] as const] : [],
        ),
      ),
    [batch],
  );

  const columns = useMemo<DataColumn<NodeTokenRow>[]>(
    () => [
      ...workItemView(node.objectName).columns(t),
      {
        key: 'updatedAt',
        title: t('workflow.node.arrivedAt'),
        width: 150,
        render: (row) => <span title={dayjs(row.updatedAt).format(DATE_TIME)}>{tokenAgeLabel(row.updatedAt, t)}</span>,
      },
      { key: 'creatorName', title: t('workflow.node.creator'), width: 150 },
      { key: 'lastComment', title: t('workflow.node.lastComment'), width: 170 },
      {
        key: 'comment',
        title: t('workflow.comment'),
        sortable: false,
        filter: false,
        nullFilter: false,
        width: 240,
        render: (row) => (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Input
              size="small"
              maxLength={2000}
              aria-label={t('workflow.node.commentFor', { label: rowLabel(row) })}
              value={comments[row.id] ?? ''}
              onChange={(event) => setComments((current) => ({ ...current, [row.id]: event.target.value }))}
            />
            {failures.has(row.id) ? <Typography.Text type="danger">{failures.get(row.id)}</Typography.Text> : null}
          </Space>
        ),
      },
    ],
    [node.objectName, t, comments, failures],
  );

  const fire = async (transition: NodeTransition) => {
    const items: BatchItem[] = controller.selectedKeys.flatMap((key) => {
      const row = seen.current.get(key);
      return row
        ? [
            {
              tokenId: row.id,
              version: row.version,
              entity: node.objectName,
              entityId: row.entityId,
              workflowCode: node.workflowCode,
              fromNodeCode: node.nodeCode,
              transition,
              comment: comments[row.id] ?? '',
              label: rowLabel(row),
            },
          ]
        : [];
    });
    setBusyId(transition.id);
    const results = await moveInParallel(items, getFeedback().confirm, t);
    setBusyId(null);
    setBatch({ target: transition.toNodeName, results });
    const moved = new Set(results.filter((entry) => entry.result.status === 'moved').map((entry) => entry.tokenId));
    setComments((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !moved.has(Number(id)))));
    controller.setSelectedKeys(controller.selectedKeys.filter((key) => !moved.has(Number(key))));
    if (moved.size > 0) {
      controller.refetch();
      onMoved();
    }
  };

  const selected = controller.selectedKeys.length;
  return (
    <div className="isf-node-tokens">
      <PreCheckDialogs />
      <div className="isf-node-actions">
        <TransitionButtons
          transitions={transitions}
          busyId={busyId}
          disabled={selected === 0}
          onFire={(transition) => void fire(transition)}
        />
        {selected === 0 ? <Typography.Text type="secondary">{t('workflow.node.selectHint')}</Typography.Text> : null}
      </div>
      {batch ? <NodeMoveResults target={batch.target} results={batch.results} onClose={() => setBatch(null)} /> : null}
      <DataTable controller={controller} columns={columns} />
    </div>
  );
}
