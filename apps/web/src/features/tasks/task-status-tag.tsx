import type { TaskStatus } from '@isf/contract';
import { Tag } from 'antd';
import { TASK_STATUS_COLORS } from './tasks.api';

/**
 * A task's status as a coloured tag: CREATED blue, PROCESSING orange, SUCCESS green, ERROR and FAILED
 * red. The code itself is shown, as the spec names it and as the status filter expects it.
 */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return <Tag color={TASK_STATUS_COLORS[status]}>{status}</Tag>;
}
