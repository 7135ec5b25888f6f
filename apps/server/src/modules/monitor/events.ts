import type { TCheckCounts } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import { onTaskSettled, type TaskRow } from '../../platform/tasks/index.ts';
import { checkingTaskRow } from '../checking/public.ts';
import { notify } from '../message/notify.ts';
import { reportOfTask, responsibleMembers, updateReport } from './repo.ts';
import { stateOf } from './service.ts';

/**
 * A report follows its run: when the troubleshooting task behind it comes to rest, in the same transaction,
 * the report takes the run's counts and its state, and an abnormal one tells the responsible members (issue
 * 9): those whose roles hold the page, and the administrators. The mailer is that of the app that
 * registered the routes last (the kit's listeners are process-wide).
 */
let mailer: Mailer | undefined;

async function runSettled(tx: Db, task: TaskRow): Promise<void> {
  if (task.kind !== 'troubleshooting') return;
  const report = await reportOfTask(tx, task.id);
  if (!report) return;
  if (task.status !== 'completed') {
    await updateReport(tx, report.id, { state: 'notValidated', reason: 'failed' });
    return;
  }
  const run = await checkingTaskRow(tx, task.enterpriseUuid, task.id);
  const counts: TCheckCounts = {
    fatal: 0,
    urgent: 0,
    minor: 0,
    unknown: 0,
    pass: 0,
    fixed: 0,
    ...(run?.counts ?? {}),
  };
  const state = stateOf(counts);
  await updateReport(tx, report.id, {
    state,
    reason: null,
    counts,
    vinAmount: run?.vinAmount ?? 0,
    blockHeight: run?.blockHeight ?? null,
  });
  if (state !== 'abnormal') return;
  await notify(
    tx,
    {
      enterpriseUuid: task.enterpriseUuid,
      recipients: await responsibleMembers(tx, task.enterpriseUuid),
      type: 'dailyReportAbnormal',
      params: { date: report.reportDate, fatal: counts.fatal, urgent: counts.urgent, minor: counts.minor },
      link: `/dailyMonitor/reportDetail?reportId=${report.id}`,
    },
    mailer,
  );
}

let registered = false;

export function followRuns(appMailer: Mailer): void {
  mailer = appMailer;
  if (registered) return;
  registered = true;
  onTaskSettled(runSettled);
}
