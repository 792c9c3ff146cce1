import { CloudUploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiError, reportApiError } from '../../lib/api-client';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';

export type SendToErpButtonProps = {
  label: string;
  /** The spec's confirmation text, asked before anything is sent. */
  confirmText: string;
  send: () => Promise<{ success: boolean; message: string }>;
  /** A send is already running on the ERP side (the button spins). */
  running: boolean;
  /** Reloads the item, whatever the outcome. */
  onDone: () => void;
};

/**
 * "Send to ERP" of an order or an attachment: confirmation, the call, its message; a business refusal
 * (422) is said here because the global handling stays silent on those (spec 1 §8). Waits in edit mode.
 */
export function SendToErpButton({ label, confirmText, send, running, onDone }: SendToErpButtonProps) {
  const editing = useEditMode();
  const [sending, setSending] = useState(false);

  const sendToErp = async () => {
    const feedback = getFeedback();
    if (!(await feedback.confirm({ title: label, content: confirmText }))) {
      return;
    }
    setSending(true);
    try {
      const reply = await send();
      if (reply.success) {
        feedback.success(reply.message);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        feedback.warning(error.body?.error ?? error.message);
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setSending(false);
      onDone();
    }
  };

  return (
    <Button icon={<CloudUploadOutlined />} loading={sending || running} disabled={editing} onClick={() => void sendToErp()}>
      {label}
    </Button>
  );
}
