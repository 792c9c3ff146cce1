import type { PrestationRecord } from '@isf/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParentCategories } from '../categories';
import { ChoiceSelect, SubcategorySelect, usePrestationChoices } from '../prestations';
import { PRESTATION_ROW_LABELS, type PrestationRowField, type PrestationRowValues } from './prestation-row-values';

type PrestationCellEditorProps = {
  field: PrestationRowField;
  /** The prestation being edited (its names stand in while the choices load); none for a new row. */
  current?: PrestationRecord;
};

/** Choices of the selects: a prestation's current names, kept when the lists do not hold them. */
function currentChoice(current: PrestationRecord | undefined, field: PrestationRowField) {
  if (!current) {
    return null;
  }
  switch (field) {
    case 'reference':
      return { id: current.reference, name: current.referenceName };
    case 'unit':
      return { id: current.unit, name: current.unitName };
    case 'type':
      return { id: current.type, name: current.typeName };
    case 'category':
      return {
        id: current.category,
        name: current.subcategory === null ? current.categoryName : (current.categoryParentName ?? ''),
      };
    case 'subcategory':
      return current.subcategory === null ? null : { id: current.subcategory, name: current.categoryName };
    default:
      return null;
  }
}

/**
 * The editor of one cell of a prestation row (inline row edit and add-row editor of the template
 * detail), bound to the enclosing form's field. Changing the category empties the subcategory.
 */
export function PrestationCellEditor({ field, current }: PrestationCellEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PrestationRowValues>();
  const category = Form.useWatch('category', form) ?? null;
  const references = usePrestationChoices('references');
  const units = usePrestationChoices('units');
  const types = usePrestationChoices('types');
  const parents = useParentCategories();
  const label = t(PRESTATION_ROW_LABELS[field]);
  const choice = currentChoice(current, field);
  const selects = { reference: references, unit: units, type: types } as const;

  let control: ReactNode;
  if (field === 'code' || field === 'description') {
    control = <Input size="small" aria-label={label} maxLength={field === 'code' ? 100 : 2000} />;
  } else if (field === 'category') {
    control = (
      <ChoiceSelect
        size="small"
        aria-label={label}
        choices={parents.data}
        loading={parents.isLoading}
        current={choice}
        onChange={(next) => form.setFieldsValue({ category: next, subcategory: null })}
      />
    );
  } else if (field === 'subcategory') {
    control = (
      <SubcategorySelect
        size="small"
        aria-label={label}
        category={category}
        allowClear
        current={current && current.category === category ? choice : null}
      />
    );
  } else {
    const query = selects[field];
    control = <ChoiceSelect size="small" aria-label={label} choices={query.data} loading={query.isLoading} current={choice} />;
  }
  return (
    <Form.Item name={field} noStyle>
      {control}
    </Form.Item>
  );
}
