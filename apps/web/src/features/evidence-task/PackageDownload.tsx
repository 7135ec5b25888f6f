import { useEffect, useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TEvidenceTask, type TPreDownload } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import type { TResourceDialogProps } from '../../shared/list/types';
import { evidenceKeys } from './queries';

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A package's download (spec 8 "download link valid for 3 minutes, then click again"): a click asks the
 * server for a link (/file/preDownloadStats with the taskId), which is shown with the time it has left and
 * starts the download; once its 3 minutes are over it is taken away and a click asks for a new one.
 */
export function PackageDownload({ task }: { task: TEvidenceTask }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [link, setLink] = useState<(TPreDownload & { expiresAt: number }) | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!link) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [link]);
  const ask = useMutation({
    mutationFn: () => call(api.file.preDownloadStats, { taskId: task.taskId }),
    onSuccess: (answer) => {
      const issued = Date.now();
      setNow(issued);
      setLink({ ...answer, expiresAt: issued + answer.validForMs });
      void client.invalidateQueries({ queryKey: evidenceKeys.all });
      // The download starts at once; the link stays for another try within its time.
      const a = document.createElement('a');
      a.href = answer.url;
      a.download = answer.fileName;
      document.body.append(a);
      a.click();
      a.remove();
    },
  });
  const left = link ? link.expiresAt - now : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="package-download">
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={ask.isPending}
        disabled={!task.downloadable}
        onClick={() => ask.mutate()}
        data-testid="package-download-ask"
      >
        {t('evidenceTask.download.button')}
      </Button>
      {link && left > 0 && (
        <Typography.Text data-testid="package-download-link">
          <a href={link.url} download={link.fileName}>
            {t('evidenceTask.download.link')} ({link.fileName})
          </a>{' '}
          <Typography.Text type="secondary">
            {t('evidenceTask.download.valid', { time: mmss(left) })}
          </Typography.Text>
        </Typography.Text>
      )}
      {link && left <= 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('evidenceTask.download.expired')}
          data-testid="package-download-expired"
        />
      )}
      <Typography.Text type="secondary">{t('evidenceTask.download.verifyHint')}</Typography.Text>
    </Space>
  );
}

/** The list's download action: the same panel in a dialog. */
export function DownloadDialog({ record, onClose }: TResourceDialogProps<TEvidenceTask>) {
  const { t } = useTranslation();
  if (!record) return null;
  return (
    <AppDialog
      open
      title={t('evidenceTask.actions.download')}
      onCancel={onClose}
      readOnly
      onConfirm={onClose}
      testId="package-download-dialog"
    >
      <PackageDownload task={record} />
    </AppDialog>
  );
}
