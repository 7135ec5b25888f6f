import { TASK_STATUS_LABELS, errorByCode } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { importRecordRow } from '../../platform/imports/records.ts';
import type { Mailer } from '../../platform/mail.ts';
import { onTaskSettled, type TaskRow } from '../../platform/tasks/kit.ts';
import { notify } from './notify.ts';

/**
 * Messages of background tasks: an import that completed or failed tells its importer, any other kind a
 * generic "task finished". Cancelled, withdrawn and suspended tasks were someone's decision and tell no one.
 * The listener is registered once per process (the kit's listeners are process-wide); the mailer is the
 * one of the app that registered the message routes last.
 */
let mailer: Mailer | undefined;

async function taskSettled(tx: Db, task: TaskRow): Promise<void> {
  if (task.status !== 'completed' && task.status !== 'failed') return;
  const base = { enterpriseUuid: task.enterpriseUuid, recipients: [task.createdBy] };
  if (task.kind === 'import') {
    const record = await importRecordRow(tx, task, task.id);
    if (!record) return;
    if (task.status === 'completed') {
      const params = { fileName: record.fileName, success: record.successNum, failed: record.defeatNum };
      await notify(tx, { ...base, type: 'importCompleted', params }, mailer);
    } else {
      const error = errorByCode(record.errorCode ?? task.reasonCode ?? '');
      const reason = error ? { zh: error.zh, en: error.en } : TASK_STATUS_LABELS.failed;
      await notify(
        tx,
        { ...base, type: 'importFailed', params: { fileName: record.fileName, reason } },
        mailer,
      );
    }
    return;
  }
  // An automatic run (daily monitoring) speaks through its report's own message, not a generic one.
  if ((task.payload as { automatic?: unknown }).automatic === true) return;
  const params = { taskName: task.kind, result: TASK_STATUS_LABELS[task.status] };
  await notify(tx, { ...base, type: 'taskFinished', params }, mailer);
}

let registered = false;

export function subscribeToTasks(appMailer: Mailer): void {
  mailer = appMailer;
  if (registered) return;
  registered = true;
  onTaskSettled(taskSettled);
}
