import { InputNumber, type InputNumberProps } from 'antd';

/** French grouping of thousands (narrow no-break space) and decimal comma, as `formatMoney` prints amounts. */
const THOUSANDS = '\u202f';

/** How an amount reads in its field once the user stops typing, with two decimals: 250000 → "250 000,00". */
export function formatMoneyInput(value: string | undefined): string {
  if (value === undefined || value === '') {
    return '';
  }
  const [whole = '', decimals = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);
  return `${grouped},${decimals.padEnd(2, '0')}`;
}

/** The decimal string behind what was typed: spaces and € dropped, comma or point as decimal mark. */
export function parseMoneyInput(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u202f\u00a0€]/g, '').replace(',', '.');
}

export type MoneyInputProps = Omit<InputNumberProps<string>, 'stringMode' | 'formatter' | 'parser' | 'decimalSeparator'>;

/** An amount in euros kept as a decimal string (never a binary float), two decimals, not negative by default. */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      step="0.01"
      precision={2}
      suffix="€"
      formatter={(value, info) => (info.userTyping ? info.input : formatMoneyInput(value))}
      parser={parseMoneyInput}
      {...props}
    />
  );
}
