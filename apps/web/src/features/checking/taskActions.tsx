import { Button, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHECK_CODES, TASK_ACTION_FROM, api, type TCheckTask } from '@tracehub/contract';
import { call } from '../../api/client';
import { useConfirm } from '../../shared/confirm';
import { downloadFile } from '../../shared/download';
import { feedback } from '../../shared/feedback';
import { usePermissions } from '../../shared/permissions';
import { CHECK_ROUTES, checkingKeys } from './queries';

/**
 * A task's actions (spec 4): retry a failed or suspended one (with the spec's warning), cancel, restart one
 * that has ended, export its abnormal data; each shown only with its code.
 */
export function TaskActions({ task, withDetail = true }: { task: TCheckTask; withDetail?: boolean }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: checkingKeys.all });
  const status = task.task.status;
  const act = useMutation({
    mutationFn: async (action: 'retry' | 'cancel' | 'restart') => {
      if (action === 'restart') return call(api.checking.restartTask, { taskId: task.id });
      await call(action === 'retry' ? api.task.retry : api.task.cancel, { id: task.id });
      return null;
    },
    onSuccess: async (restarted, action) => {
      if (action !== 'restart') feedback.message.success(t(`tasks.done.${action}`));
      await refresh();
      if (restarted) void navigate(CHECK_ROUTES.detail(restarted.id));
    },
  });
  const ask = (action: 'retry' | 'cancel') =>
    void confirm({ content: t(`tasks.confirm.${action}`), onConfirm: () => act.mutateAsync(action) });
  const ended = ['cancelled', 'withdrawn', 'failed', 'completed'].includes(status);
  return (
    <Space size={0} wrap>
      {withDetail && (
        <Button
          type="link"
          size="small"
          data-testid={`check-detail-${task.id}`}
          onClick={() => void navigate(CHECK_ROUTES.detail(task.id))}
        >
          {t('checking.actions.detail')}
        </Button>
      )}
      {can(CHECK_CODES.create) && TASK_ACTION_FROM.retry.includes(status) && (
        <Button type="link" size="small" data-testid={`check-retry-${task.id}`} onClick={() => ask('retry')}>
          {t('tasks.actions.retry')}
        </Button>
      )}
      {can(CHECK_CODES.create) && TASK_ACTION_FROM.cancel.includes(status) && (
        <Button
          type="link"
          size="small"
          danger
          data-testid={`check-cancel-${task.id}`}
          onClick={() => ask('cancel')}
        >
          {t('tasks.actions.cancel')}
        </Button>
      )}
      {can(CHECK_CODES.create) && ended && (
        <Button
          type="link"
          size="small"
          data-testid={`check-restart-${task.id}`}
          onClick={() => act.mutate('restart')}
        >
          {t('checking.actions.restart')}
        </Button>
      )}
      {can(CHECK_CODES.export) && status === 'completed' && (
        <Button
          type="link"
          size="small"
          data-testid={`check-export-${task.id}`}
          onClick={() => void downloadFile(api.checking.exportAbnormal, { taskId: task.id })}
        >
          {t('checking.actions.export')}
        </Button>
      )}
    </Space>
  );
}
