import {
  commentRequired,
  EVALUATION_COMMENT_REQUIRED_MESSAGE,
  EVALUATION_MAX_STARS,
  type EvaluationCriterion,
} from '@isf/contract';
import { Form, type FormInstance, Input, Rate } from 'antd';
import { useTranslation } from 'react-i18next';

type Ratings = Partial<Record<EvaluationCriterion, number>>;

/**
 * The fields of an evaluation: one to five stars for each criterion, all required, and the comment,
 * required when a rating is low (the contract's `commentRequired`).
 */
export function EvaluationRatingFields({ form, criteria }: { form: FormInstance; criteria: readonly EvaluationCriterion[] }) {
  const { t } = useTranslation();
  const ratings = (Form.useWatch([], form) ?? {}) as Ratings;
  const needsComment = commentRequired(criteria.map((criterion) => ratings[criterion]));
  return (
    <>
      {criteria.map((criterion) => (
        <Form.Item
          key={criterion}
          name={criterion}
          label={t(`evaluations.criterion.${criterion}`)}
          rules={[{ required: true, message: t('evaluations.starsRequired') }]}
        >
          <Rate count={EVALUATION_MAX_STARS} aria-label={t(`evaluations.criterion.${criterion}`)} />
        </Form.Item>
      ))}
      <Form.Item
        name="comment"
        label={t('evaluations.comment')}
        dependencies={[...criteria]}
        required={needsComment}
        rules={[
          {
            // the ratings as they are now: the watched ones may not have re-rendered yet (a star clicked just before submit)
            validator: async (_rule, value?: string) => {
              const current = form.getFieldsValue([...criteria]) as Ratings;
              if (commentRequired(criteria.map((criterion) => current[criterion])) && !value?.trim()) {
                throw new Error(EVALUATION_COMMENT_REQUIRED_MESSAGE);
              }
            },
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={4000} aria-label={t('evaluations.comment')} />
      </Form.Item>
    </>
  );
}
