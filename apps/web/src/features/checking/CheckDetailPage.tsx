import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CHECK_DIMENSION_LABELS,
  CHECK_LEVEL_LABELS,
  CHECK_SOURCE_LABELS,
  CHECK_TASK_TYPE_LABELS,
  CHECK_TIME_BASIS_LABELS,
  api,
  isTaskResting,
  type TCheckTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDate, formatDateTime } from '../../shared/format';
import { ResourceList } from '../../shared/list/ResourceList';
import { useResourceActions } from '../../shared/list/useResourceActions';
import { TASK_POLL_MS } from '../../shared/tasks/taskModel';
import { checkTaskResource } from './checkTaskResource';
import { nameIn } from './companyLabels';
import { findingResource } from './findingResource';
import { LevelCounts, TaskStatus } from './labels';
import { checkingKeys } from './queries';
import { VinMapDialog } from './VinMapDialog';

/** /dataChecking/checkLog/detail?taskId=: the task's facts, counts and abnormal data. */
export default function CheckDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const taskId = useSearchParams()[0].get('taskId') ?? '';
  const query = useQuery({
    queryKey: checkingKeys.task(taskId),
    queryFn: () => call(api.checking.taskDetail, { taskId }),
    enabled: taskId !== '',
    refetchInterval: (q) => (q.state.data && isTaskResting(q.state.data.task.status) ? false : TASK_POLL_MS),
  });
  const task = query.data;
  const [mapOpen, setMapOpen] = useState(false);
  // The list's row actions (retry, cancel, restart, export), as the task's status and the codes allow.
  const actions = useResourceActions(checkTaskResource);
  const fields: TDetailField<TCheckTask>[] = [
    { key: 'id', label: 'checking.fields.id' },
    {
      key: 'taskType',
      label: 'checking.fields.taskType',
      value: (r) => CHECK_TASK_TYPE_LABELS[r.taskType][lang],
    },
    { key: 'benchmark', label: 'checking.fields.benchmark', value: (r) => nameIn(r.benchmark, lang) },
    {
      key: 'compared',
      label: 'checking.fields.compared',
      value: (r) =>
        r.compared.map((c) => `${c.code} ${lang === 'en' && c.nameEn ? c.nameEn : c.name}`).join(', '),
    },
    {
      key: 'dimension',
      label: 'checking.fields.dimension',
      value: (r) =>
        r.scope.dimension === 'vin'
          ? `${CHECK_DIMENSION_LABELS.vin[lang]}: ${r.scope.vins.join(', ')}`
          : `${CHECK_TIME_BASIS_LABELS[r.scope.timeBasis][lang]} ${formatDate(r.scope.from)} ~ ${formatDate(r.scope.to)}`,
      wide: true,
    },
    { key: 'package', label: 'checking.fields.package', value: (r) => `${r.packageId} v${r.packageVersion}` },
    {
      key: 'packageHash',
      label: 'checking.fields.packageHash',
      value: (r) => <code>{r.packageHash}</code>,
      wide: true,
    },
    { key: 'blockHeight', label: 'checking.fields.blockHeight' },
    {
      key: 'status',
      label: 'checking.fields.queueStatus',
      value: (r) => <TaskStatus task={r} lang={lang} />,
    },
    { key: 'reason', label: 'checking.fields.reason', value: (r) => r.task.reason?.[lang] ?? null },
    {
      key: 'counts',
      label: 'checking.fields.counts',
      value: (r) => <LevelCounts counts={r.counts} lang={lang} />,
    },
    { key: 'vinAmount', label: 'checking.fields.vinAmount' },
    { key: 'completeVinAmount', label: 'checking.fields.completeVinAmount' },
    {
      key: 'maxLevel',
      label: 'checking.fields.maxLevel',
      value: (r) => (r.maxLevel ? CHECK_LEVEL_LABELS[r.maxLevel][lang] : null),
    },
    { key: 'source', label: 'checking.fields.source', value: (r) => CHECK_SOURCE_LABELS[r.source][lang] },
    { key: 'operator', label: 'checking.fields.operator', value: (r) => r.task.operator },
    { key: 'createdAt', label: 'checking.fields.createdAt', value: (r) => formatDateTime(r.task.createdAt) },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DetailCard
        title={t('checking.detail.card')}
        record={task}
        fields={fields}
        loading={query.isPending && taskId !== ''}
        extra={task ? actions.renderRowActions(task, { inDetail: true }) : null}
        testId="check-detail-card"
      />
      {task?.task.status === 'completed' && (
        <Card
          title={t('checking.vinMap.card')}
          extra={
            <Button type="primary" data-testid="vin-map-open" onClick={() => setMapOpen(true)}>
              {t('checking.vinMap.open')}
            </Button>
          }
        >
          <Typography.Text type="secondary">{t('checking.vinMap.hint')}</Typography.Text>
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
            {t('checking.fields.vinAmount')}: {task.vinAmount} · {t('checking.fields.completeVinAmount')}:{' '}
            {task.completeVinAmount}
          </Typography.Paragraph>
          <VinMapDialog taskId={task.id} open={mapOpen} onClose={() => setMapOpen(false)} />
        </Card>
      )}
      {task?.task.status === 'completed' && (
        <Card title={t('checking.actions.errorData')}>
          <ResourceList resource={findingResource} />
        </Card>
      )}
      {actions.dialogElement}
    </Space>
  );
}
