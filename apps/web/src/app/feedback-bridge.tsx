import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { createFeedback, setFeedback } from '../lib/feedback';

/** Mounted once inside antd's `App`: hands its themed modal and message hooks to module-level code. */
export function FeedbackBridge() {
  const { modal, message } = App.useApp();
  useLayoutEffect(() => {
    setFeedback(createFeedback(modal, message));
  }, [modal, message]);
  return null;
}
