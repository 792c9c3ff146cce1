import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getFeedback } from '../../lib/feedback';
import { listQueryKey } from '../data-table/use-list-controller';
import { fieldErrorsOf, parseInFrench, type SafeParser, serverFieldErrors, showFieldErrors } from './schema-rules';

/** A contract schema that yields the payload (zod's `safeParse`). */
export type PayloadSchema<Payload> = SafeParser<Payload>;

/** Whether a modal shows, and how it closes: what a list gives its create modal. */
export type ModalState = { open: boolean; onClose: () => void };

export type FormModalProps<Values, Payload> = ModalState & {
  title: ReactNode;
  /** The form, when the caller reads or sets its fields; the modal makes its own without it. */
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /** Checks the payload (the contract's create schema). */
  schema: PayloadSchema<Payload>;
  /** Turns the form values into what the schema checks (picked entities into ids, ...). */
  toPayload?: (values: Values) => unknown;
  /** Sends the payload (a creation, or an update of a record without a detail screen). */
  submit: (payload: Payload) => Promise<{ success: boolean; id: number }>;
  /** The list to refresh after a success. */
  listPath?: string;
  /** Where the record opens after a success (`${detailRoute}/${id}`); the modal just closes without it. */
  detailRoute?: string;
  /** Called after a success, before closing. */
  onDone?: (id: number) => void;
  okText?: string;
  /** Warned of when the fields' checks fail (e.g. the order's "Veuillez remplir tous les champs requis!"). */
  invalidMessage?: string;
  children: ReactNode;
  width?: number;
};

/**
 * The create (or small edit) modal of a list: checks the fields with the contract's schema, sends them,
 * shows the server's field errors under the fields, then refreshes the list and opens the record.
 */
export function FormModal<Values, Payload>(props: FormModalProps<Values, Payload>) {
  const { open, onClose, title, initialValues, schema, toPayload, submit: send, listPath, detailRoute, onDone } = props;
  const { okText, invalidMessage, children, width } = props;
  const [form] = Form.useForm<Values>(props.form);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (submitting) {
      return;
    }
    try {
      // Also waits for the field checks still running since the last keystroke.
      await form.validateFields();
    } catch {
      if (invalidMessage) {
        getFeedback().warning(invalidMessage);
      }
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    const parsed = parseInFrench(schema, toPayload ? toPayload(values) : values);
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      if (invalidMessage) {
        getFeedback().warning(invalidMessage);
      }
      return;
    }
    setSubmitting(true);
    try {
      const reply = await send(parsed.data);
      if (reply.success) {
        if (listPath) {
          void queryClient.invalidateQueries({ queryKey: listQueryKey(listPath) });
        }
        onDone?.(reply.id);
        onClose();
        if (detailRoute) {
          void navigate(`${detailRoute}/${reply.id}`);
        }
      }
    } catch (error) {
      showFieldErrors(form, serverFieldErrors(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('reference.create')}
      cancelText={t('detail.cancel')}
      confirmLoading={submitting}
      destroyOnHidden
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={() => void submit()}>
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
