import { CRITERIA_OF_TYPE, type EvaluationCriterion } from '@isf/contract';
import { Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EvaluationRatingFields } from '../../components/evaluation-rating-fields';
import { getFeedback } from '../../lib/feedback';
import { skipProjectEvaluation, submitProjectEvaluation } from './attachments.api';

/** How the evaluation form was left: the move goes on after a submit or a skip, and stops on cancel. */
export type ProjectEvaluationOutcome = 'submitted' | 'skipped' | 'cancelled';

type Values = Partial<Record<EvaluationCriterion, number>> & { comment?: string };

export type ProjectEvaluationModalProps = {
  orderId: number;
  attachmentId: number;
  /** Who is evaluated (the order's agency) and on what, shown above the stars. */
  subject: string;
  onDone: (outcome: ProjectEvaluationOutcome) => void;
};

/**
 * The project evaluation of spec 1 §4 rule 6, opened before an attachment goes to amount validation:
 * quality, reactivity and technic from 1 to 5 stars, a comment required below 3; submitted
 * (`POST /evaluation/project/{orderId}`), skipped (not asked again for the order that month) or cancelled,
 * which stops the move.
 */
export function ProjectEvaluationModal({ orderId, attachmentId, subject, onDone }: ProjectEvaluationModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'submit' | 'skip' | null>(null);
  const criteria = CRITERIA_OF_TYPE.project;

  const submit = async (values: Values) => {
    setBusy('submit');
    try {
      const reply = await submitProjectEvaluation(orderId, {
        quality: values.quality ?? 0,
        reactivity: values.reactivity ?? 0,
        technic: values.technic ?? 0,
        comment: values.comment?.trim() || null,
        attachement: attachmentId,
      });
      if (reply.success) {
        getFeedback().success(t('evaluations.created'));
        onDone('submitted');
      }
    } catch {
      // the global handling said why (400 under the fields is not expected: the form checks the same rules)
    } finally {
      setBusy(null);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      const reply = await skipProjectEvaluation(orderId, attachmentId);
      if (reply.success) {
        onDone('skipped');
      }
    } catch {
      // the global handling said why; the form stays open
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      title={t('attachmentEvaluation.title')}
      onCancel={() => onDone('cancelled')}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={() => onDone('cancelled')} disabled={busy !== null}>
          {t('detail.cancel')}
        </Button>,
        <Button key="skip" onClick={() => void skip()} loading={busy === 'skip'} disabled={busy === 'submit'}>
          {t('attachmentEvaluation.skip')}
        </Button>,
        <Button key="submit" type="primary" onClick={() => form.submit()} loading={busy === 'submit'} disabled={busy === 'skip'}>
          {t('evaluations.submit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('attachmentEvaluation.intro', { subject })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <EvaluationRatingFields form={form} criteria={criteria} />
      </Form>
    </Modal>
  );
}
