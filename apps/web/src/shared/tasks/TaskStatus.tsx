import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TTask, TTaskStatus } from '@tracehub/contract';
import { StatusBadge } from '../StatusBadge';
import { TASK_STATUS_COLOURS, taskPercent } from './taskModel';

/** A task's status as a coloured badge in the page's language (task lists of every kind). */
export function TaskStatusBadge({ status, testId }: { status: TTaskStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge colour={TASK_STATUS_COLOURS[status]} testId={testId ?? `task-status-${status}`}>
      {t(`tasks.status.${status}`)}
    </StatusBadge>
  );
}

/** A task's progress as a small bar: red once failed, green once completed. */
export function TaskProgressBar({
  task,
  className,
}: {
  task: Pick<TTask, 'status' | 'progress'>;
  className?: string;
}) {
  return (
    <Progress
      className={className}
      percent={taskPercent(task)}
      size="small"
      status={task.status === 'failed' ? 'exception' : task.status === 'completed' ? 'success' : 'active'}
    />
  );
}
