import { Modal, message } from 'antd';
import type { ReactNode } from 'react';

/**
 * Alerts, toasts and confirmations usable outside React (the global response handling, the router
 * guards). The antd `App` hooks are captured by `FeedbackBridge` so the dialogs follow the theme and
 * locale; until it mounts, antd's static functions stand in.
 */
export type Feedback = {
  alert(options: { title: ReactNode; content?: ReactNode }): void;
  warning(content: ReactNode): void;
  success(content: ReactNode): void;
  confirm(options: { title?: ReactNode; content: ReactNode; okText?: string; cancelText?: string }): Promise<boolean>;
};

type DialogApi = {
  error: (config: { title: ReactNode; content?: ReactNode }) => unknown;
  confirm: (config: {
    title?: ReactNode;
    content: ReactNode;
    okText?: string;
    cancelText?: string;
    onOk: () => void;
    onCancel: () => void;
  }) => unknown;
};
type ToastApi = { warning: (content: ReactNode) => unknown; success: (content: ReactNode) => unknown };

export function createFeedback(modal: DialogApi, toast: ToastApi): Feedback {
  return {
    alert: ({ title, content }) => {
      modal.error({ title, content });
    },
    warning: (content) => {
      toast.warning(content);
    },
    success: (content) => {
      toast.success(content);
    },
    confirm: ({ title, content, okText, cancelText }) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({ title, content, okText, cancelText, onOk: () => resolve(true), onCancel: () => resolve(false) });
      }),
  };
}

let current: Feedback = createFeedback(Modal, message);

export function setFeedback(next: Feedback): void {
  current = next;
}

export function getFeedback(): Feedback {
  return current;
}
