import { useEffect, useRef } from 'react';
import { Progress } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TTask } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { formatNumber } from '../format';
import { isTaskActive, TASK_POLL_MS, taskKeys, taskPercent, taskPhaseText } from './taskModel';
import './tasks.css';

/** The line under the bar: queued, what it is doing and how far, or its resting status and reason. */
function ProgressText({ task }: { task: TTask }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (task.status === 'pending') return <>{t('tasks.progress.pending')}</>;
  if (task.status === 'underway') {
    const phase = taskPhaseText(task.progress.phase, lang);
    const count =
      task.progress.total > 0
        ? t('tasks.progress.underway', {
            done: formatNumber(task.progress.done),
            total: formatNumber(task.progress.total),
          })
        : t('tasks.progress.counting');
    return <>{phase ? `${phase} · ${count}` : count}</>;
  }
  const status = t(`tasks.status.${task.status}`);
  return <>{task.reason ? `${status}: ${task.reason[lang]}` : status}</>;
}

/**
 * A task's progress bar: asks for the task every 800 ms until it comes to rest (completed, failed,
 * suspended, cancelled, withdrawn), then calls `onSettled` once with it.
 */
export function TaskProgress({
  taskId,
  onSettled,
  testId = 'task-progress',
}: {
  taskId: string;
  onSettled?: (task: TTask) => void;
  testId?: string;
}) {
  const query = useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => call(api.task.detail, { id: taskId }, { signal }),
    refetchInterval: (q) => (q.state.data && !isTaskActive(q.state.data) ? false : TASK_POLL_MS),
  });
  const task = query.data;
  const settledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!task || isTaskActive(task) || settledFor.current === task.id) return;
    settledFor.current = task.id;
    onSettled?.(task);
  }, [task, onSettled]);

  const status = !task
    ? 'active'
    : task.status === 'completed'
      ? 'success'
      : task.status === 'failed' || task.status === 'cancelled'
        ? 'exception'
        : isTaskActive(task)
          ? 'active'
          : 'normal';
  return (
    <div className="task-progress" data-testid={testId} data-status={task?.status ?? 'pending'}>
      <Progress percent={task ? taskPercent(task) : 0} status={status} />
      <div className="task-progress-text" data-testid={`${testId}-text`}>
        {task && <ProgressText task={task} />}
      </div>
    </div>
  );
}
