import { Input } from 'antd';
import type { ChangeEvent, FocusEvent } from 'react';

type TrimmedInputProps = {
  value?: string | null;
  onChange?: (value: string) => void;
  maxLength?: number;
  disabled?: boolean;
  multiline?: boolean;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
};

/**
 * A text input whose value is trimmed (spec 1 §5): trimming happens when the field is left, so inner
 * spaces can still be typed.
 */
export function TrimmedInput({ value, onChange, multiline, ...rest }: TrimmedInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange?.(event.target.value);
  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const trimmed = event.target.value.trim();
    if (trimmed !== event.target.value) {
      onChange?.(trimmed);
    }
  };
  if (multiline) {
    return (
      <Input.TextArea
        {...rest}
        value={value ?? ''}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={handleChange}
        onBlur={handleBlur}
      />
    );
  }
  return <Input {...rest} value={value ?? ''} onChange={handleChange} onBlur={handleBlur} />;
}
