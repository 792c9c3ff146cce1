import { Modal, message } from 'antd';
import { createFeedback } from './feedback';

/** antd's static dialogs and toasts: the feedback before the shell's `FeedbackBridge` mounts. */
export const staticFeedback = createFeedback(Modal, message);
