import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';

/** How a date field shows and reads its date, whatever the browser's language: the product is French. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

/** The width a date field takes unless a screen gives its own: the whole date and the calendar icon. */
const DATE_INPUT_WIDTH = 200;

type IsoDateInputProps = {
  /** An ISO date (YYYY-MM-DD); empty or null for none. */
  value?: string | null;
  /** The ISO date picked or typed, '' when cleared. */
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
  /** The earliest ISO date that can be picked, if any. */
  min?: string;
};

/**
 * A date field whose value is an ISO date string, as the API reads and writes them, shown and typed
 * dd/mm/yyyy with antd's picker in the screens' locale. A native `<input type="date">` follows the
 * browser's language instead (mm/dd/yyyy in an English browser).
 */
export function IsoDateInput({ value, onChange, min, style, ...rest }: IsoDateInputProps) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      {...rest}
      style={{ width: DATE_INPUT_WIDTH, ...style }}
      format={DATE_INPUT_FORMAT}
      disabledDate={min ? (day) => day.format('YYYY-MM-DD') < min : undefined}
      value={date?.isValid() ? date : null}
      onChange={(picked) => onChange?.(picked ? picked.format('YYYY-MM-DD') : '')}
    />
  );
}
