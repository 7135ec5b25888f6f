/*
 * The task kit (kit.ts) for modules: define a kind of task, create tasks, listen to their coming to rest.
 * The endpoints are in routes.ts (registered once in modules/index.ts).
 */
export {
  TaskFailed,
  TaskInterrupted,
  STEP_HOLD_MS,
  TaskSuspended,
  cancelTask,
  defineTask,
  onTaskSettled,
  retryTask,
  taskRow,
  taskTransaction,
  wakeTaskWorkers,
  withdrawTask,
  type TaskContext,
  type TaskDefinition,
  type TaskKind,
  type TaskProgressUpdate,
  type TaskResult,
  type TaskRow,
  type TaskSettledListener,
  type TaskTransaction,
} from './kit.ts';
