import type { OrderTemplateRow } from '@isf/contract';
import type { ReactNode } from 'react';
import { ChoiceSelectItem } from '../../components/form/choice-select-item';

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
    <ChoiceSelectItem
      name="orderTemplate"
      label={label}
      allowClear
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      options={options}
      current={current ? { id: current.id, label: current.name } : undefined}
    />
  );
}
