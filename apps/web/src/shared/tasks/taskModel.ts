import {
  isTaskResting,
  TASK_ACTION_FROM,
  TASK_PHASE_LABELS,
  taskAccess,
  type TLang,
  type TTask,
  type TTaskStatus,
} from '@tracehub/contract';
import type { TBadgeColour } from '../StatusBadge';

/*
 * Background tasks as data (contract task.ts): their query keys, how often a running one is asked again,
 * its progress as a percentage, and which actions a task's status and the session's codes allow.
 */

/** How often a task that has not come to rest is asked for its progress. */
export const TASK_POLL_MS = 800;
/** How often a task list with a task still running asks again. */
export const TASK_LIST_POLL_MS = 3_000;

export const taskKeys = {
  all: ['task'] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  list: (request: Readonly<Record<string, unknown>>) => [...taskKeys.all, 'list', request] as const,
};

export const TASK_STATUS_COLOURS: Readonly<Record<TTaskStatus, TBadgeColour>> = {
  pending: 'grey',
  underway: 'blue',
  suspended: 'yellow',
  cancelled: 'grey',
  withdrawn: 'grey',
  completed: 'green',
  failed: 'red',
};

export const isTaskActive = (task: Pick<TTask, 'status'>): boolean => !isTaskResting(task.status);

/** Steps done as a whole percentage (0 while the total is unknown, 100 once completed). */
export function taskPercent(task: Pick<TTask, 'status' | 'progress'>): number {
  if (task.status === 'completed') return 100;
  const { done, total } = task.progress;
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

/** The phase in a language; an unknown phase as it is. */
export function taskPhaseText(phase: string | null, lang: TLang): string | null {
  if (!phase) return null;
  return TASK_PHASE_LABELS[phase]?.[lang] ?? phase;
}

export type TTaskAction = 'retry' | 'cancel' | 'withdraw' | 'download';

/**
 * Whether an action fits the task's status (the server checks it again): retry a failed or suspended one,
 * cancel one that has not come to rest for good, withdraw one's own that never started, download a result.
 */
export function taskActionFits(task: TTask, action: TTaskAction): boolean {
  if (action === 'download') return task.hasResult;
  if (action === 'withdraw')
    return task.mine && task.startedAt === null && TASK_ACTION_FROM.withdraw.includes(task.status);
  return TASK_ACTION_FROM[action].includes(task.status);
}

/** The codes (any one) an action on the task needs, from its kind and page. */
export function taskActionCodes(task: Pick<TTask, 'kind' | 'page'>, action: TTaskAction): readonly string[] {
  const access = taskAccess(task.kind, task.page);
  if (!access) return ['-'];
  return action === 'download' ? access.view : access[action];
}
