import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchResult } from './node-moves';

/** The result of the last batch, one line per token: moved, refused with the reason, or cancelled. */
export function NodeMoveResults({ results, target, onClose }: { results: BatchResult[]; target: string; onClose: () => void }) {
  const { t } = useTranslation();
  const moved = results.filter((entry) => entry.result.status === 'moved').length;
  return (
    <Alert
      className="isf-node-results"
      type={moved === results.length ? 'success' : moved === 0 ? 'error' : 'warning'}
      showIcon
      closable={{ onClose }}
      title={t('workflow.node.resultsTitle', { moved, count: results.length })}
      description={
        <ul className="isf-node-result-list" aria-label={t('workflow.node.results')}>
          {results.map((entry) => (
            <li key={entry.tokenId} data-status={entry.result.status}>
              <Typography.Text strong>{entry.label}</Typography.Text>
              {' : '}
              {entry.result.status === 'moved' ? (
                <Typography.Text type="success">{t('workflow.node.moved', { node: target })}</Typography.Text>
              ) : entry.result.status === 'refused' ? (
                <Typography.Text type="danger">{entry.result.message}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('workflow.node.cancelled')}</Typography.Text>
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}
