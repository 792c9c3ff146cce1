import type { ReactNode } from 'react';

/**
 * Alerts, toasts and confirmations usable outside React (the global response handling, the router
 * guards). The antd `App` hooks are captured by `FeedbackBridge` (mounted by the shell) so the dialogs
 * follow the theme and locale; until it mounts (the login page, tests of a single screen), antd's static
 * functions stand in, loaded on first use so that the login page does not download the dialogs.
 */
export type Feedback = {
  alert(options: { title: ReactNode; content?: ReactNode }): void;
  warning(content: ReactNode): void;
  /** A failure said in a toast (spec 2 §8: the signature send error). */
  error(content: ReactNode): void;
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
type ToastApi = {
  warning: (content: ReactNode) => unknown;
  error: (content: ReactNode) => unknown;
  success: (content: ReactNode) => unknown;
};

export function createFeedback(modal: DialogApi, toast: ToastApi): Feedback {
  return {
    alert: ({ title, content }) => {
      modal.error({ title, content });
    },
    warning: (content) => {
      toast.warning(content);
    },
    error: (content) => {
      toast.error(content);
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

const staticFeedback = () => import('./static-feedback').then((module) => module.staticFeedback);

const beforeBridge: Feedback = {
  alert: (options) => void staticFeedback().then((feedback) => feedback.alert(options)),
  warning: (content) => void staticFeedback().then((feedback) => feedback.warning(content)),
  error: (content) => void staticFeedback().then((feedback) => feedback.error(content)),
  success: (content) => void staticFeedback().then((feedback) => feedback.success(content)),
  confirm: (options) => staticFeedback().then((feedback) => feedback.confirm(options)),
};

/** The shell's dialogs and toasts, themed by antd's App (`FeedbackBridge`), while the shell is mounted. */
let themed: Feedback | null = null;
/** A replacement installed on purpose (the tests' spies): it wins over the others. */
let installed: Feedback | null = null;

export function setThemedFeedback(next: Feedback | null): void {
  themed = next;
}

export function setFeedback(next: Feedback): void {
  installed = next;
}

export function getFeedback(): Feedback {
  return installed ?? themed ?? beforeBridge;
}
