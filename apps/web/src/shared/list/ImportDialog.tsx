import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Button, Col, Result, Row, Space, Statistic, Steps } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TImportRecord } from '@tracehub/contract';
import { call, upload } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../AppDialog';
import { downloadFile } from '../download';
import { checkUploadFile } from '../fileCheck';
import { FileDrop } from '../FileDrop';
import { formatNumber } from '../format';
import { TaskProgress } from '../tasks/TaskProgress';
import {
  errorLogFileName,
  IMPORT_EXTENSIONS,
  IMPORT_POLL_MS,
  importFailureMessage,
  importKeys,
  importView,
  isImportActive,
  stepIndex,
  type TImportView,
} from './importModel';
import type { TImportExport } from './types';
import './importExport.css';

const DIALOG_WIDTH = 680;

/**
 * The import as it runs: the answer of the upload, then its record asked for again once its task has come
 * to rest (TaskProgress polls the task meanwhile; the record follows the task in the same transaction).
 */
function useImportProgress(started: TImportRecord | null): {
  record: TImportRecord | null;
  onTaskSettled: () => void;
} {
  const id = started?.id ?? '';
  const [settled, setSettled] = useState<string | null>(null);
  const query = useQuery({
    queryKey: importKeys.record(id),
    queryFn: ({ signal }) => call(api.import.record, { id }, { signal }),
    enabled: started !== null && isImportActive(started) && settled === id,
    initialData: started ?? undefined,
    // A record read just as its task came to rest is final; asked again only if it somehow is not.
    refetchInterval: (q) => (q.state.data && isImportActive(q.state.data) ? IMPORT_POLL_MS : false),
  });
  const onTaskSettled = useCallback(() => setSettled(id), [id]);
  return { record: started ? (query.data ?? started) : null, onTaskSettled };
}

/** Refreshes the list once per import that wrote rows, when it has finished (spec 4). */
function useRefreshWhenWritten(record: TImportRecord | null, refresh: () => void): void {
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!record || isImportActive(record) || record.successNum === 0) return;
    if (refreshedFor.current === record.id) return;
    refreshedFor.current = record.id;
    refresh();
  }, [record, refresh]);
}

/** Step 1: the drop zone, the chosen file or why it cannot be imported, the row advice and the template. */
function ChooseFileStep({
  file,
  problem,
  onChoose,
  onTemplate,
  templateLoading,
}: {
  file: File | null;
  problem: string | null;
  onChoose: (file: File) => void;
  onTemplate: () => void;
  templateLoading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-choose">
      <FileDrop
        extensions={IMPORT_EXTENSIONS}
        file={file}
        problem={problem}
        onChoose={onChoose}
        text={t('imports.dialog.drop')}
        hint={t('imports.dialog.dropHint')}
        icon={<FileExcelOutlined />}
        testId="import-file"
      />
      <ul className="import-tips">
        <li>
          {t('imports.dialog.rowsAdvice', {
            advised: formatNumber(LIMITS.bulkImportAdvisedRows),
            max: formatNumber(LIMITS.bulkImportMaxRows),
          })}
        </li>
        <li>
          {t('imports.dialog.templateHint')}
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={templateLoading}
            onClick={onTemplate}
            data-testid="import-template"
          >
            {t('imports.actions.template')}
          </Button>
        </li>
      </ul>
    </div>
  );
}

/** While the rows are handled: the import's task progress (its phase, rows handled of the file's rows). */
function ImportProgress({ record, onSettled }: { record: TImportRecord; onSettled: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="import-progress" data-testid="import-progress">
      <div className="import-progress-file">
        <FileExcelOutlined /> {record.fileName}
      </div>
      <TaskProgress taskId={record.id} onSettled={onSettled} testId="import-task-progress" />
      <div className="import-progress-hint">{t('imports.dialog.runningHint')}</div>
    </div>
  );
}

/** Success, incomplete data, existing data and total rows of an import (spec 8). */
export function ImportCounts({ record }: { record: TImportRecord }) {
  const { t } = useTranslation();
  const counts = [
    { key: 'success', label: t('imports.counts.success'), value: record.successNum, tone: 'ok' },
    { key: 'defeat', label: t('imports.counts.defeat'), value: record.defeatNum, tone: 'bad' },
    { key: 'exist', label: t('imports.counts.exist'), value: record.existNum, tone: 'warn' },
    { key: 'total', label: t('imports.counts.total'), value: record.importNum, tone: 'plain' },
  ];
  return (
    <Row gutter={12} className="import-counts" data-testid="import-counts">
      {counts.map((c) => (
        <Col span={6} key={c.key}>
          <Statistic
            className={`import-count ${c.tone}`}
            title={c.label}
            value={c.value}
            groupSeparator=","
            data-testid={`import-count-${c.key}`}
            data-value={c.value}
          />
        </Col>
      ))}
    </Row>
  );
}

/** What a resource shows under a finished import's result (see TResource.importResult). */
type TResultExtra = ComponentType<{ record: TImportRecord }> | undefined;

/** Step 2 with rows refused: the counts and the error log listing each refused row with its reasons. */
function PartialResult({ record, Extra }: { record: TImportRecord; Extra: TResultExtra }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const downloadErrorLog = async () => {
    setDownloading(true);
    await downloadFile(api.import.errorLog, { id: record.id }, errorLogFileName(record.fileName));
    setDownloading(false);
  };
  return (
    <Result
      className="import-result"
      status={record.successNum > 0 ? 'warning' : 'error'}
      title={
        <span data-testid="import-result-title">
          {t(record.successNum > 0 ? 'imports.dialog.partialTitle' : 'imports.dialog.allFailedTitle')}
        </span>
      }
      subTitle={t('imports.dialog.resultHint')}
      extra={
        <div className="import-result-extra">
          <ImportCounts record={record} />
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!record.hasErrorLog}
            loading={downloading}
            onClick={() => void downloadErrorLog()}
            data-testid="import-error-log"
          >
            {t('imports.dialog.downloadErrorLog')}
          </Button>
          {Extra && <Extra record={record} />}
        </div>
      }
    />
  );
}

/** Step 2 when the file itself could not be used: the catalogue's reason in the current language. */
function FailedResult({ record }: { record: TImportRecord }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Result
      className="import-result"
      status="error"
      title={<span data-testid="import-result-title">{t('imports.dialog.failedTitle')}</span>}
      subTitle={
        <span data-testid="import-failure-reason">
          {importFailureMessage(record.errorCode, lang) ?? t('imports.dialog.failedUnknown')}
        </span>
      }
    />
  );
}

/** Step 3: every row was written. */
function DoneResult({ record, Extra }: { record: TImportRecord; Extra: TResultExtra }) {
  const { t } = useTranslation();
  return (
    <Result
      className="import-result"
      status="success"
      title={<span data-testid="import-result-title">{t('imports.dialog.doneTitle')}</span>}
      subTitle={t('imports.dialog.doneSubtitle', { count: formatNumber(record.successNum) })}
      extra={Extra && <Extra record={record} />}
    />
  );
}

/** The buttons of each step. */
function ImportFooter({
  view,
  canStart,
  uploading,
  onStart,
  onAgain,
  onClose,
}: {
  view: TImportView;
  canStart: boolean;
  uploading: boolean;
  onStart: () => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = (label: 'common.actions.cancel' | 'imports.dialog.close' | 'imports.dialog.finish') => (
    <Button onClick={onClose} disabled={uploading} data-testid="import-close">
      {t(label)}
    </Button>
  );
  switch (view.step) {
    case 'choose':
      return (
        <Space>
          {close('common.actions.cancel')}
          <Button
            type="primary"
            disabled={!canStart}
            loading={uploading}
            onClick={onStart}
            data-testid="import-start"
          >
            {t(uploading ? 'imports.dialog.uploading' : 'imports.dialog.start')}
          </Button>
        </Space>
      );
    case 'running':
      return close('imports.dialog.close');
    case 'partial':
    case 'failed':
      return (
        <Space>
          <Button onClick={onAgain} data-testid="import-again">
            {t('imports.dialog.again')}
          </Button>
          {close('imports.dialog.close')}
        </Space>
      );
    case 'done':
      return (
        <Space>
          <Button onClick={onAgain} data-testid="import-again">
            {t('imports.dialog.continue')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="import-close">
            {t('imports.dialog.finish')}
          </Button>
        </Space>
      );
  }
}

/**
 * The bulk-import dialog (spec 2.4, 4, 8): step 1 choose an xls/xlsx file (checked here for type and 5 MB,
 * and again by the server) and upload it, with a progress bar while its rows are handled; step 2 when any
 * row was refused, with the counts and the error log; step 3 when every row was written. The list is
 * refreshed as soon as an import has written rows.
 */
export function ImportDialog({
  endpoints,
  onClose,
  onImported,
  resultExtra,
}: {
  endpoints: TImportExport;
  onClose: () => void;
  onImported: () => void;
  /** The resource's own part of a finished import's result (e.g. failed invitations). */
  resultExtra?: TResultExtra;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [templateLoading, setTemplateLoading] = useState(false);
  const [started, setStarted] = useState<TImportRecord | null>(null);
  const { record, onTaskSettled } = useImportProgress(started);
  useRefreshWhenWritten(record, onImported);
  const view = importView(record);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setProblem(await checkUploadFile(chosen, IMPORT_EXTENSIONS, lang));
  };
  const start = async () => {
    if (!file || problem || uploading) return;
    setUploading(true);
    try {
      setStarted(await upload(endpoints.importExcel, {}, file));
    } catch {
      // The client has shown the server's reason; the file stays chosen.
    } finally {
      setUploading(false);
    }
  };
  const template = async () => {
    setTemplateLoading(true);
    await downloadFile(endpoints.template, {});
    setTemplateLoading(false);
  };
  const again = () => {
    setStarted(null);
    setFile(null);
    setProblem(null);
  };

  return (
    <AppDialog
      open
      title={t('imports.dialog.title')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      submitting={uploading}
      footer={
        <ImportFooter
          view={view}
          canStart={file !== null && problem === null}
          uploading={uploading}
          onStart={() => void start()}
          onAgain={again}
          onClose={onClose}
        />
      }
      testId="import-dialog"
    >
      <div data-step={view.step} data-testid="import-step">
        <Steps
          className="import-steps"
          size="small"
          current={stepIndex(view)}
          status={view.step === 'failed' ? 'error' : undefined}
          items={[
            { title: t('imports.dialog.steps.choose') },
            { title: t('imports.dialog.steps.result') },
            { title: t('imports.dialog.steps.done') },
          ]}
        />
        {view.step === 'choose' && (
          <ChooseFileStep
            file={file}
            problem={problem}
            onChoose={(chosen) => void choose(chosen)}
            onTemplate={() => void template()}
            templateLoading={templateLoading}
          />
        )}
        {view.step === 'running' && <ImportProgress record={view.record} onSettled={onTaskSettled} />}
        {view.step === 'partial' && <PartialResult record={view.record} Extra={resultExtra} />}
        {view.step === 'failed' && <FailedResult record={view.record} />}
        {view.step === 'done' && <DoneResult record={view.record} Extra={resultExtra} />}
      </div>
    </AppDialog>
  );
}
