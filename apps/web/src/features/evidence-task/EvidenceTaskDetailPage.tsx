import { Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  EVIDENCE_TASK_CODES,
  EVIDENCE_TASK_SOURCE_LABELS,
  api,
  isTaskResting,
  type TEvidenceTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime, formatNumber } from '../../shared/format';
import { ResourceList } from '../../shared/list/ResourceList';
import { useResourceActions } from '../../shared/list/useResourceActions';
import { usePermissions } from '../../shared/permissions';
import { TaskProgress } from '../../shared/tasks/TaskProgress';
import { TaskStatusBadge } from '../../shared/tasks/TaskStatus';
import { TASK_POLL_MS } from '../../shared/tasks/taskModel';
import { evidenceItemResource } from './evidenceItemResource';
import { evidenceTaskResource } from './evidenceTaskResource';
import { packageTypeText, scopeText, sizeText } from './labels';
import { PackageDownload } from './PackageDownload';
import { evidenceKeys } from './queries';

/** /task/detail/{taskId} (named target TaskManagementDetail): the task, its download and main evidence. */
export default function EvidenceTaskDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const taskId = useParams().taskId ?? '';
  const mayDownload = usePermissions()(EVIDENCE_TASK_CODES.download);
  const query = useQuery({
    queryKey: evidenceKeys.task(taskId),
    queryFn: () => call(api.evidenceTask.findMainEvidenceByTaskId, { taskId }),
    enabled: taskId !== '',
    refetchInterval: (q) => (q.state.data && isTaskResting(q.state.data.status) ? false : TASK_POLL_MS),
  });
  const task = query.data;
  const actions = useResourceActions(evidenceTaskResource);
  const fields: TDetailField<TEvidenceTask>[] = [
    { key: 'taskId', label: 'evidenceTask.fields.taskId', value: (r) => <code>{r.taskId}</code> },
    { key: 'mainTaskId', label: 'evidenceTask.fields.mainTaskId', value: (r) => <code>{r.mainTaskId}</code> },
    {
      key: 'taskType',
      label: 'evidenceTask.fields.taskType',
      value: (r) => packageTypeText(r.taskType, lang),
    },
    {
      key: 'source',
      label: 'evidenceTask.fields.source',
      value: (r) => EVIDENCE_TASK_SOURCE_LABELS[r.source][lang],
    },
    { key: 'scope', label: 'evidenceTask.fields.scope', value: (r) => scopeText(r, lang), wide: true },
    { key: 'projectNumber', label: 'evidenceTask.fields.projectNumber' },
    {
      key: 'vinCount',
      label: 'evidenceTask.fields.vinCount',
      value: (r) => (r.vinCount ? r.vinCount : null),
    },
    {
      key: 'withheldFields',
      label: 'evidenceTask.fields.withheldFields',
      value: (r) => (r.withheldFields.length ? r.withheldFields.join(', ') : null),
    },
    {
      key: 'status',
      label: 'evidenceTask.fields.status',
      value: (r) => <TaskStatusBadge status={r.status} testId="evidence-status" />,
    },
    { key: 'reason', label: 'evidenceTask.fields.reason', value: (r) => r.task.reason?.[lang] ?? null },
    { key: 'packageSize', label: 'evidenceTask.fields.packageSize', value: (r) => sizeText(r.packageSize) },
    {
      key: 'counts',
      label: 'evidenceTask.fields.counts',
      value: (r) =>
        r.counts
          ? `${formatNumber(r.counts.records)} / ${formatNumber(r.counts.attachments)} / ${formatNumber(r.counts.blocks)}`
          : null,
    },
    {
      key: 'packageSha256',
      label: 'evidenceTask.fields.packageSha256',
      value: (r) => (r.packageSha256 ? <code>{r.packageSha256}</code> : null),
      wide: true,
    },
    {
      key: 'lastDownloadTime',
      label: 'evidenceTask.fields.lastDownloadTime',
      value: (r) => (r.lastDownloadTime ? formatDateTime(r.lastDownloadTime) : null),
    },
    { key: 'downloadCount', label: 'evidenceTask.fields.downloadCount' },
    { key: 'operator', label: 'evidenceTask.fields.operator' },
    { key: 'createdAt', label: 'evidenceTask.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DetailCard
        title={t('evidenceTask.detail.card')}
        record={task}
        fields={fields}
        loading={query.isPending && taskId !== ''}
        extra={task ? actions.renderRowActions(task, { inDetail: true }) : null}
        testId="evidence-detail-card"
      />
      {task && !isTaskResting(task.status) && (
        <Card>
          <TaskProgress taskId={task.taskId} testId="evidence-progress" />
        </Card>
      )}
      {task?.downloadable && mayDownload && (
        <Card title={t('evidenceTask.actions.download')}>
          <PackageDownload task={task} />
        </Card>
      )}
      {task?.status === 'completed' && (
        <Card title={t('evidenceTask.detail.items')}>
          <Typography.Paragraph type="secondary">{t('evidenceTask.detail.itemsHint')}</Typography.Paragraph>
          <ResourceList resource={evidenceItemResource} />
        </Card>
      )}
      {actions.dialogElement}
    </Space>
  );
}
