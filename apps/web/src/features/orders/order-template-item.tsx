import type { OrderTemplateRow } from '@isf/contract';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { withCurrent } from './select-options';

/**
 * The order template of an order (spec 2 §5), in the creation modal and on the order's detail: one of
 * the templates of the order's BPU template, by name; the saved one stays among the choices (`current`)
 * when the list is not readable or no longer holds it.
 */
export function OrderTemplateNameItem({
  label,
  templates,
  loading,
  disabled,
  placeholder,
  current,
}: {
  label: ReactNode;
  templates: OrderTemplateRow[] | undefined;
  loading: boolean;
  disabled: boolean;
  placeholder: ReactNode;
  current?: { id: number | null; name: string | null };
}) {
  const options = (templates ?? []).map((template) => ({ value: template.id, label: template.name }));
  return (
    <Form.Item name="orderTemplate" label={label}>
      <Select
        allowClear
        disabled={disabled}
        loading={loading}
        placeholder={placeholder}
        options={current ? withCurrent(options, current.id, current.name) : options}
      />
    </Form.Item>
  );
}
