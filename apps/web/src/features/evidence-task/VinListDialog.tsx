import { useState } from 'react';
import { Alert, Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILE_TYPES, api, type TEvidenceUploadResult, type TPackageType } from '@tracehub/contract';
import { call, upload } from '../../api/client';
import type { ApiError } from '../../api/errors';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { downloadFile } from '../../shared/download';
import { FileDrop } from '../../shared/FileDrop';
import { checkUploadFile } from '../../shared/fileCheck';
import { useSession } from '../../stores/session';
import { PackageTypeRadio } from './labels';
import { useCreateFlow, useProjects, useVinLimit } from './useCreateFlow';

/**
 * Spec 2.4 "batch by uploaded spreadsheet" and the export dialog by VIN list: the list (xlsx or xls, at most
 * getVinSnDataQuantityLimit VINs, 500 by default) is read and checked by the server (/task/importExcel);
 * a list with a bad row is refused whole with F1016, shown with its error log's link; a list it read
 * becomes one task after the existing-task check.
 */
export function VinListDialog({ open, onClose }: { open: boolean; onClose: (created?: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const enterpriseUuid = useSession((s) => s.userInfo?.enterpriseUuid) ?? '';
  const limit = useVinLimit(open);
  const projects = useProjects(open);
  const [project, setProject] = useState<string | undefined>();
  const [taskType, setTaskType] = useState<TPackageType>(1);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [read, setRead] = useState<TEvidenceUploadResult | null>(null);
  const [refused, setRefused] = useState<{ message: string; errorKey: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const flow = useCreateFlow(onClose);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setRead(null);
    setRefused(null);
    setProblem(await checkUploadFile(chosen, FILE_TYPES.vinList, lang));
  };
  const send = async () => {
    if (!file || problem) return;
    setBusy(true);
    try {
      const result = await upload(api.evidenceTask.importExcel, {}, file, {
        formFields: {
          ...(project ? { projectNumber: project } : {}),
          ...(enterpriseUuid ? { enterpriseUuid } : {}),
        },
        onFileErrorLog: (error: ApiError) =>
          setRefused({
            message: error.message,
            errorKey: (error.data as TEvidenceUploadResult | null)?.errorKey ?? null,
          }),
      });
      setRead(result);
    } catch {
      // F1016 is shown in the dialog; the client told the user any other reason.
    } finally {
      setBusy(false);
    }
  };
  const create = async () => {
    if (!read?.uniqueKey) return;
    const conditions = {
      taskType,
      uniqueKey: read.uniqueKey,
      ...(project ? { projectNumber: project } : {}),
    };
    setBusy(true);
    try {
      await flow(conditions, () =>
        call(api.evidenceTask.artificialBatchCreateEvidenceTask, {
          ...conditions,
          ...(enterpriseUuid ? { enterpriseUuid } : {}),
        }),
      );
    } catch {
      // The client told the user why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('evidenceTask.upload.title')}
      onCancel={() => onClose()}
      submitting={busy}
      width={640}
      testId="evidence-vins-dialog"
      footer={
        <Space>
          <Button onClick={() => onClose()} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          {read?.uniqueKey ? (
            <Button
              type="primary"
              loading={busy}
              onClick={() => void create()}
              data-testid="evidence-vins-create"
            >
              {t('evidenceTask.upload.create')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={busy}
              disabled={!file || problem !== null}
              onClick={() => void send()}
              data-testid="evidence-vins-send"
            >
              {t('evidenceTask.upload.send')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            allowClear
            style={{ minWidth: 240 }}
            value={project}
            onChange={(v?: string) => {
              setProject(v);
              setRead(null);
            }}
            placeholder={t('evidenceTask.create.projectPlaceholder')}
            options={(projects.data ?? []).map((p) => ({ value: p.projectNumber, label: p.projectNumber }))}
            data-testid="evidence-vins-project"
          />
          <PackageTypeRadio value={taskType} onChange={setTaskType} />
        </Space>
        <FileDrop
          extensions={FILE_TYPES.vinList}
          file={file}
          problem={problem}
          onChoose={(f) => void choose(f)}
          text={t('evidenceTask.upload.drop')}
          hint={t('evidenceTask.upload.hint', { limit: limit ?? '' })}
          testId="evidence-vins-file"
        />
        {refused && (
          <Alert
            type="error"
            showIcon
            data-testid="evidence-vins-refused"
            title={
              <span>
                {refused.message}{' '}
                {refused.errorKey && (
                  <a
                    data-testid="evidence-vins-error-log"
                    onClick={() =>
                      void downloadFile(api.evidenceTask.downloadErrorFile, { errorKey: refused.errorKey! })
                    }
                  >
                    {t('evidenceTask.upload.downloadErrorLog')}
                  </a>
                )}
              </span>
            }
          />
        )}
        {read?.uniqueKey && (
          <Alert
            type="success"
            showIcon
            data-testid="evidence-vins-read"
            title={t('evidenceTask.upload.read', {
              count: read.count,
              sample: `${read.sample.join(', ')}${read.count > read.sample.length ? ' …' : ''}`,
            })}
          />
        )}
        <Typography.Text type="secondary">{t('evidenceTask.upload.template')}</Typography.Text>
      </Space>
    </AppDialog>
  );
}
