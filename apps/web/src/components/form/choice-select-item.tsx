import { Form, type FormItemProps, Select } from 'antd';
import type { ReactNode } from 'react';

/** One choice of a select: a record's id and what the user reads. */
export type Choice = { value: number; label: string };

/** The loaded choices, with the saved one kept when the list is not readable or no longer holds it. */
export function withCurrent(options: Choice[], current: number | null, label: string | null): Choice[] {
  if (current === null || options.some((option) => option.value === current)) {
    return options;
  }
  return [{ value: current, label: label ?? String(current) }, ...options];
}

export type ChoiceSelectItemProps = Pick<FormItemProps, 'name' | 'label' | 'required' | 'rules' | 'extra'> & {
  options: Choice[];
  /** The saved choice (its id and label), kept among the options when the loaded list lacks it. */
  current?: { id: number | null; label: string | null };
  loading?: boolean;
  disabled?: boolean;
  placeholder?: ReactNode;
  allowClear?: boolean;
  /** Called after the form took the new value (to empty a field that hangs on this one). */
  onChange?: () => void;
};

/** A form field choosing one record among loaded ones: the form item and its select. */
export function ChoiceSelectItem({ name, label, required, rules, extra, options, current, ...select }: ChoiceSelectItemProps) {
  return (
    <Form.Item name={name} label={label} required={required} rules={rules} extra={extra}>
      <Select {...select} options={current ? withCurrent(options, current.id, current.label) : options} />
    </Form.Item>
  );
}
