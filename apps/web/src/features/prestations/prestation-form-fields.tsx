import type { PrestationRecord } from '@isf/contract';
import { prestationCreateSchema } from '@isf/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { getFeedback } from '../../lib/feedback';
import { type Choice, choiceOptions, useParentCategories, useSubcategories } from '../categories/categories.api';
import { usePrestationChoices } from './prestations.api';

/** The fields of a prestation but its BPU (a BPU template's prestation rows have none). */
export type PrestationFieldValues = {
  reference: number | null;
  category: number | null;
  subcategory: number | null;
  code: string;
  description: string;
  unit: number | null;
  type: number | null;
};

export const EMPTY_PRESTATION_FIELDS: PrestationFieldValues = {
  reference: null,
  category: null,
  subcategory: null,
  code: '',
  description: '',
  unit: null,
  type: null,
};

export function prestationFieldValuesOf(prestation: PrestationRecord): PrestationFieldValues {
  return {
    reference: prestation.reference,
    category: prestation.category,
    subcategory: prestation.subcategory,
    code: prestation.code,
    description: prestation.description,
    unit: prestation.unit,
    type: prestation.type,
  };
}

/** The values of a prestation form; `bpu` is only set on creation. */
export type PrestationFormValues = { bpu: number | null } & PrestationFieldValues;

export const EMPTY_PRESTATION: PrestationFormValues = { bpu: null, ...EMPTY_PRESTATION_FIELDS };

export function prestationFormValuesOf(prestation: PrestationRecord): PrestationFormValues {
  return { bpu: prestation.bpu, ...prestationFieldValuesOf(prestation) };
}

const shape = prestationCreateSchema.shape;

export type ChoiceSelectProps = {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  choices: Choice[] | undefined;
  current?: Choice | null;
  loading?: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  size?: 'small' | 'middle';
};

export function ChoiceSelect(props: ChoiceSelectProps) {
  const { value, onChange, id, choices, current, loading, allowClear, disabled, size } = props;
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      aria-label={props['aria-label']}
      size={size}
      style={size ? { width: '100%' } : undefined}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear={allowClear}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('validation.selectItem')}
      loading={loading}
      options={choiceOptions(choices, current)}
    />
  );
}

type SubcategorySelectProps = Omit<ChoiceSelectProps, 'choices' | 'loading'> & { category: number | null };

/** The subcategory: selectable only once a category is chosen; before that it answers 'need category'. */
export function SubcategorySelect({ category, ...props }: SubcategorySelectProps) {
  const { t } = useTranslation();
  const subcategories = useSubcategories(category);
  if (!category) {
    return (
      <div onMouseDownCapture={() => getFeedback().warning(t('prestations.needCategory'))}>
        <Select
          id={props.id}
          aria-label={props['aria-label']}
          size={props.size}
          style={props.size ? { width: '100%' } : undefined}
          value={null}
          open={false}
          placeholder={t('prestations.needCategory')}
          disabled={props.disabled}
        />
      </div>
    );
  }
  return <ChoiceSelect {...props} choices={subcategories.data} loading={subcategories.isLoading} />;
}

/**
 * The prestation fields (spec 3 §5): template (creation only), reference, category, unit, type, code and
 * designation required; the subcategory comes after the category, optional on creation and required on
 * the detail when the category has subcategories.
 */
export function PrestationFormFields({ creating, current }: { creating: boolean; current?: PrestationRecord }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PrestationFormValues>();
  const category = Form.useWatch('category', form) ?? null;
  const templates = usePrestationChoices('templates');
  const references = usePrestationChoices('references');
  const units = usePrestationChoices('units');
  const types = usePrestationChoices('types');
  const parents = useParentCategories();
  const subcategories = useSubcategories(category);
  // On the detail the subcategory is required, unless the category has none (spec 3 §5).
  const subcategoryRequired = !creating && (subcategories.data?.length ?? 0) > 0;
  const selectItem = [{ required: true, message: t('validation.selectItem') }];
  const sameCategory = current && current.category === category;
  const currentCategory = current
    ? { id: current.category, name: current.subcategory === null ? current.categoryName : (current.categoryParentName ?? '') }
    : null;
  const currentSubcategory =
    sameCategory && current.subcategory !== null ? { id: current.subcategory, name: current.categoryName } : null;

  /** A required choice among loaded records, the saved one kept among them (reference, unit, type). */
  const savedChoice = (field: 'reference' | 'unit' | 'type', choices: typeof references) => (
    <Form.Item name={field} label={t(`prestations.${field}`)} required rules={selectItem}>
      <ChoiceSelect
        choices={choices.data}
        loading={choices.isLoading}
        current={current ? { id: current[field], name: current[`${field}Name`] } : null}
      />
    </Form.Item>
  );

  return (
    <>
      {creating ? (
        <Form.Item name="bpu" label={t('prestations.bpuTemplate')} required rules={selectItem}>
          <ChoiceSelect choices={templates.data} loading={templates.isLoading} />
        </Form.Item>
      ) : (
        <Form.Item label={t('prestations.bpuTemplate')}>{current?.bpuTemplateName}</Form.Item>
      )}
      {savedChoice('reference', references)}
      <Form.Item name="category" label={t('prestations.category')} required rules={selectItem}>
        <ChoiceSelect
          choices={parents.data}
          loading={parents.isLoading}
          current={currentCategory}
          onChange={(next) => form.setFieldsValue({ category: next, subcategory: null })}
        />
      </Form.Item>
      <Form.Item
        name="subcategory"
        label={t('prestations.subcategory')}
        required={subcategoryRequired}
        rules={subcategoryRequired ? selectItem : []}
      >
        <SubcategorySelect category={category} allowClear={!subcategoryRequired} current={currentSubcategory} />
      </Form.Item>
      <Form.Item name="code" label={t('prestations.code')} required rules={[schemaRule(shape.code, t)]}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('prestations.description')} required rules={[schemaRule(shape.description, t)]}>
        <TrimmedInput maxLength={2000} multiline />
      </Form.Item>
      {savedChoice('unit', units)}
      {savedChoice('type', types)}
    </>
  );
}
