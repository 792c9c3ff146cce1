import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { createFeedback, setThemedFeedback } from '../lib/feedback';

/** Mounted by the shell inside antd's `App`: hands its themed modal and message hooks to module-level code. */
export function FeedbackBridge() {
  const { modal, message } = App.useApp();
  useLayoutEffect(() => {
    setThemedFeedback(createFeedback(modal, message));
    // once the shell is gone (logout), its App's hooks render nowhere: antd's static dialogs stand in again
    return () => setThemedFeedback(null);
  }, [modal, message]);
  return null;
}
