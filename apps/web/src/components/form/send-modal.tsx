import { Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api-client';

/**
 * Runs a send with its busy flag. The global handling has said an API refusal already: `onFailure` says
 * what the screen adds (a business refusal, a toast); an error that is not the API's is also logged.
 */
export function useSending() {
  const [sending, setSending] = useState(false);
  const run = async (action: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setSending(true);
    try {
      await action();
    } catch (error) {
      onFailure?.(error);
      if (!(error instanceof ApiError)) {
        console.error(error);
      }
    } finally {
      setSending(false);
    }
  };
  return { sending, run };
}

export type SendModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  okText: ReactNode;
  width?: number;
  /** OK stays disabled (a choice or a field still missing). */
  disabled?: boolean;
  sending: boolean;
  onSend: () => Promise<void>;
  children: ReactNode;
};

/** A modal whose OK sends what its vertical form holds (to validation, to signature, an upload). */
export function SendModal({ open, onClose, title, okText, width, disabled, sending, onSend, children }: SendModalProps) {
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText}
      okButtonProps={{ disabled, loading: sending }}
      onOk={() => void onSend()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">{children}</Form>
    </Modal>
  );
}
