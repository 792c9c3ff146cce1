import type { ItemTransition, WorkflowTokenRecord } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Divider, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFeedback } from '../../lib/feedback';
import { checkMove, type MoveAttempt, postMove } from './attempt-move';
import { buttonTransitions } from './button-transitions';
import { NODE_TYPE_COLORS } from './node-types';
import { PreCheckDialogs } from './pre-check-dialogs';
import { tokenAgeLabel } from './token-age';
import { TransitionButtons } from './transition-buttons';
import { WorkflowHistory } from './workflow-history';
import { fetchHistory, fetchItemTransitions, fetchToken, type WorkItemRef, workItemQueryKey } from './workflow-panel.api';
import './workflow-panel.css';

export type WorkflowPanelProps = WorkItemRef & {
  /** The screen's post-action after a move (reload its record, its list, ...). */
  onMoved?: () => void;
  /** When set, the item has no current token to act on: this text replaces the transitions (history stays). */
  actionsUnavailable?: string | null;
};

/** The node of an item (its statusWF) and how long it has been there. */
export function WorkflowStatus({ token }: { token: WorkflowTokenRecord }) {
  const { t } = useTranslation();
  return (
    <Space size={8} wrap>
      <Typography.Text type="secondary">{t('workflow.status')}</Typography.Text>
      <Tag color={NODE_TYPE_COLORS[token.node.nodeType]}>{token.node.name}</Tag>
      <Typography.Text type="secondary">{tokenAgeLabel(token.updatedAt, t)}</Typography.Text>
    </Space>
  );
}

/**
 * The workflow of one work item (DESIGN §8): its node with its age, the transitions the user may fire
 * (sorted by type, dangerous in red, disabled in edit mode), a comment, the client pre-checks before the
 * move, then a reload; and the history of its steps.
 */
export function WorkflowPanel({ entity, entityId, onMoved, actionsUnavailable }: WorkflowPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = workItemQueryKey({ entity, entityId });
  const [comment, setComment] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const token = useQuery({ queryKey: [...key, 'token'], queryFn: () => fetchToken({ entity, entityId }), staleTime: 0 });
  const nodeId = token.data?.node.id;
  const transitions = useQuery({
    queryKey: [...key, 'transitions', nodeId],
    queryFn: () => fetchItemTransitions(nodeId ?? 0, entityId),
    enabled: nodeId !== undefined,
    staleTime: 0,
  });
  const history = useQuery({
    queryKey: [...key, 'history'],
    queryFn: () => fetchHistory({ entity, entityId }),
    enabled: Boolean(token.data),
    staleTime: 0,
  });

  if (token.isPending) {
    return <Skeleton active paragraph={{ rows: 3 }} />;
  }
  if (token.isError) {
    return <Alert type="error" showIcon title={t('error.fetch')} />;
  }
  const record = token.data;
  if (!record) {
    return <Alert type="info" showIcon title={t('workflow.noToken')} />;
  }

  const fire = async (transition: ItemTransition) => {
    const attempt: MoveAttempt = {
      tokenId: record.id,
      version: record.version,
      entity,
      entityId,
      workflowCode: record.workflow.code,
      fromNodeCode: record.node.nodeCode,
      transition,
      comment,
    };
    const feedback = getFeedback();
    const refused = await checkMove(attempt, feedback.confirm);
    if (refused) {
      if (refused.status === 'refused') {
        feedback.alert({ title: t('workflow.move.notDone'), content: refused.message });
      }
      return;
    }
    setBusyId(transition.id);
    const result = await postMove(attempt, t);
    setBusyId(null);
    if (result.status === 'moved') {
      setComment('');
      // a move held by a rule (an envelope waits for every validator) leaves the token where it was: say where it is
      const after = await fetchToken({ entity, entityId }).catch(() => null);
      feedback.success(
        after && after.node.name !== transition.toNodeName
          ? t('workflow.move.recorded', { node: after.node.name })
          : t('workflow.move.done', { node: transition.toNodeName }),
      );
      onMoved?.();
    } else if (result.status === 'refused') {
      feedback.alert({ title: t('workflow.move.notDone'), content: result.message });
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <section className="isf-workflow-panel" aria-label={t('workflow.panel', { workflow: record.workflow.name })}>
      <WorkflowStatus token={record} />
      <PreCheckDialogs />
      {actionsUnavailable ? (
        <Alert type="info" showIcon title={actionsUnavailable} />
      ) : transitions.isSuccess && buttonTransitions(transitions.data).length === 0 ? null : (
        // no comment box where there is nothing to do (a validator who has decided, a signed document)
        <div className="isf-workflow-actions">
          <TransitionButtons
            transitions={transitions.data ?? []}
            busyId={busyId}
            onFire={(transition) => void fire(transition)}
            suffix={(transition) =>
              transition.onBehalfOf ? t('workflow.forDelegator', { name: transition.onBehalfOf.name }) : null
            }
          />
          <Input.TextArea
            aria-label={t('workflow.comment')}
            placeholder={t('workflow.commentPlaceholder')}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      )}
      <Divider titlePlacement="start" plain>
        {t('workflow.history.title')}
      </Divider>
      {history.data ? <WorkflowHistory steps={history.data} /> : <Skeleton active paragraph={{ rows: 2 }} />}
    </section>
  );
}
