import { categoryCreateSchema } from '@isf/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { type Choice, choiceOptions, useParentCategories } from './categories.api';

export type CategoryFormValues = { name: string; parent: number | null };

export const EMPTY_CATEGORY: CategoryFormValues = { name: '', parent: null };

/**
 * The category fields (spec 3 §5): name required; the parent (a top category) is optional on creation
 * and required on the detail. The category itself is never offered as its own parent.
 */
export function CategoryFormFields({
  parentRequired,
  self,
}: {
  parentRequired: boolean;
  self?: Choice & { parent: Choice | null };
}) {
  const { t } = useTranslation();
  const parents = useParentCategories();
  const options = choiceOptions(parents.data, self?.parent).filter((option) => option.value !== self?.id);
  return (
    <>
      <Form.Item name="name" label={t('categories.name')} required rules={[schemaRule(categoryCreateSchema.shape.name, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item
        name="parent"
        label={t('categories.parent')}
        required={parentRequired}
        rules={parentRequired ? [{ required: true, message: t('validation.selectItem') }] : []}
      >
        <Select
          allowClear={!parentRequired}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('validation.selectItem')}
          loading={parents.isLoading}
          options={options}
        />
      </Form.Item>
    </>
  );
}
