import { Card, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useEditMode } from '../../lib/edit-mode';

export type DetailFormProps = {
  form: FormInstance;
  /** The form's name, which prefixes its fields' ids. */
  name?: string;
  /** The labels' width in a 24-column row (6 by default). */
  labelSpan?: number;
  /** Spans the whole card; by default the form stays 900 pixels wide at most. */
  fullWidth?: boolean;
  /** What stands above the form in its card (a notice on the record). */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The Information form of a detail screen: in a card, labels beside the fields, editable in the global
 * edit mode only.
 */
export function DetailForm({ form, name, labelSpan = 6, fullWidth, intro, children }: DetailFormProps) {
  const editing = useEditMode();
  return (
    <Card>
      {intro}
      <Form
        name={name}
        form={form}
        layout="horizontal"
        labelCol={{ span: labelSpan }}
        wrapperCol={{ span: 14 }}
        disabled={!editing}
        style={fullWidth ? undefined : { maxWidth: 900 }}
      >
        {children}
      </Form>
    </Card>
  );
}
