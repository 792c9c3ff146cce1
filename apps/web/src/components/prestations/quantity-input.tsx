import { ORDER_QUANTITY_STEP, orderQuantitySchema } from '@isf/contract';
import { InputNumber } from 'antd';
import { LOCALE } from '../../lib/i18n';

/** What the user types: a comma or a point, never a sign (a quantity is never negative). */
function parseTyped(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u202f+-]/g, '').replace(',', '.');
}

export type QuantityInputProps = {
  quantity: string;
  /** The input's accessible name ("Quantité de A1"). */
  label: string;
  /** The hover text of an invalid quantity, when the tab gives one. */
  invalid?: string;
  onChange: (value: string) => void;
};

/** A line's quantity in a prestations tab's edit mode: one decimal, never negative, red when the rule refuses it. */
export function QuantityInput({ quantity, label, invalid, onChange }: QuantityInputProps) {
  const valid = orderQuantitySchema.safeParse(quantity).success;
  return (
    <InputNumber<string>
      size="small"
      stringMode
      min="0"
      step={ORDER_QUANTITY_STEP}
      precision={1}
      decimalSeparator={LOCALE === 'fr' ? ',' : '.'}
      parser={parseTyped}
      value={quantity}
      status={valid ? undefined : 'error'}
      title={valid ? undefined : invalid}
      aria-label={label}
      style={{ width: 110 }}
      onChange={(value) => onChange(value ?? '0')}
    />
  );
}
