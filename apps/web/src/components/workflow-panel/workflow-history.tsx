import type { TokenHistoryEntry } from '@isf/contract';
import { Empty, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/** Who did the step, and on whose behalf when a delegation was used (spec 1 §4). */
export function stepAuthor(step: Pick<TokenHistoryEntry, 'creator' | 'delegatedUser'>, t: TFunction): string {
  const name = step.creator?.name ?? t('workflow.history.system');
  return step.delegatedUser ? t('workflow.history.onBehalfOf', { name, delegator: step.delegatedUser.name }) : name;
}

/** The steps of a token, newest first: when, who, from → to, the transition and the comment. */
export function WorkflowHistory({ steps }: { steps: readonly TokenHistoryEntry[] }) {
  const { t } = useTranslation();
  if (steps.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.history.empty')} />;
  }
  const items = [...steps].reverse().map((step) => ({
    key: step.id,
    color: step.transition ? 'blue' : 'gray',
    title: dayjs(step.createdAt).format(DATE_TIME),
    content: (
      <div className="isf-workflow-step" data-testid="workflow-step">
        <Typography.Text strong>
          {step.fromNode
            ? `${step.fromNode.name} → ${step.toNode.name}`
            : t('workflow.history.created', { node: step.toNode.name })}
        </Typography.Text>
        {step.transition ? <Typography.Text type="secondary"> · {step.transition.name}</Typography.Text> : null}
        <div>
          <Typography.Text type="secondary">{stepAuthor(step, t)}</Typography.Text>
        </div>
        {step.comment ? <Typography.Paragraph className="isf-workflow-comment">{step.comment}</Typography.Paragraph> : null}
      </div>
    ),
  }));
  return <Timeline items={items} />;
}
