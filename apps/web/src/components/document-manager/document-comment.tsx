import type { OwnerDocumentRow } from '@isf/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { updateDocumentComment } from './documents.api';

type DocumentCommentProps = {
  document: OwnerDocumentRow;
  editable: boolean;
  /** Reloads the documents (after a save, or a failed one). */
  onChanged: () => void;
};

/** A document's comment, edited in place (Enter or leaving the field saves, Escape cancels). */
export function DocumentComment({ document, editable, onChanged }: DocumentCommentProps) {
  const { t } = useTranslation();
  const current = document.comment ?? '';

  const save = async (value: string) => {
    const comment = value.trim();
    if (comment === current) {
      return;
    }
    try {
      const reply = await updateDocumentComment(document, comment);
      if (!reply.success) {
        getFeedback().warning(t('documents.commentFailed'));
      }
    } catch (error) {
      // A stale version (409) was already announced as such by the global handling.
      if (!(error instanceof ApiError && error.status === 409)) {
        getFeedback().warning(t('documents.commentFailed'));
      }
    }
    onChanged();
  };

  return (
    <Typography.Text
      editable={
        editable
          ? { onChange: (value) => void save(value), maxLength: 2000, tooltip: t('documents.editComment'), text: current }
          : false
      }
    >
      {current}
    </Typography.Text>
  );
}
