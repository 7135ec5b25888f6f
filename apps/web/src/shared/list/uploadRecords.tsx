import { api, ERRORS, type TEndpoint, type TImportRecord, type TImportStatus } from '@tracehub/contract';
import { call } from '../../api/client';
import { downloadFile } from '../download';
import { StatusBadge, type TBadgeColour } from '../StatusBadge';
import { errorLogFileName, isImportActive, progressPercent, UPLOAD_OPERATION_ROUTE } from './importModel';
import {
  defineResource,
  type TImportExport,
  type TRenderContext,
  type TResource,
  type TSearchField,
} from './types';

type TUploadRecordEndpoint = TImportExport['uploadRecord'];

const STATUS_COLOURS: Readonly<Record<TImportStatus, TBadgeColour>> = {
  queued: 'grey',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};
const STATUSES = Object.keys(STATUS_COLOURS) as TImportStatus[];

/** An import's status as a coloured label; a running import shows how far it has come. */
export function ImportStatusBadge({ record, ctx }: { record: TImportRecord; ctx: TRenderContext }) {
  const label = ctx.t(`imports.status.${record.status}`);
  return (
    <StatusBadge colour={STATUS_COLOURS[record.status]} testId={`import-status-${record.status}`}>
      {record.status === 'running' ? `${label} ${progressPercent(record)}%` : label}
    </StatusBadge>
  );
}

const SEARCH: readonly TSearchField[] = [
  { type: 'text', prop: 'fileName', label: 'imports.records.fields.fileName', basic: true },
  {
    type: 'select',
    prop: 'status',
    label: 'imports.records.fields.status',
    options: ({ t }) => STATUSES.map((value) => ({ value, label: t(`imports.status.${value}`) })),
  },
  {
    type: 'datetimerange',
    prop: 'createdRange',
    props: ['createdFrom', 'createdTo'],
    label: 'imports.records.fields.createdAt',
    valueFormat: 'epochMs',
  },
];

/** A cancelled or withdrawn import's task has ended for good: it is not retried. */
const ENDED_FOR_GOOD: readonly (string | null)[] = [ERRORS.TASK_CANCELLED.code, ERRORS.TASK_WITHDRAWN.code];

function buildUploadRecords(owner: TResource<TEndpoint>, endpoint: TUploadRecordEndpoint) {
  const all = [...owner.keys.all, 'uploadRecords'] as const;
  // An import is a task of its page (contract task.ts): retried and cancelled with BatchUpload.
  const batchUpload = owner.code ? `${owner.code}:BatchUpload` : undefined;
  return defineResource<TUploadRecordEndpoint>({
    name: `${owner.name}/${UPLOAD_OPERATION_ROUTE}`,
    endpoint,
    // Below the owner's key: an import that the list invalidates refreshes its records too.
    keys: { all, list: (request) => [...all, 'list', request] },
    rowKey: 'id',
    columns: [
      { key: 'fileName', label: 'imports.records.fields.fileName', width: 180 },
      {
        key: 'status',
        label: 'imports.records.fields.status',
        width: 110,
        render: (r, ctx) => <ImportStatusBadge record={r} ctx={ctx} />,
      },
      { key: 'importNum', label: 'imports.counts.total', width: 88, format: 'number' },
      { key: 'successNum', label: 'imports.counts.success', width: 96, format: 'number' },
      { key: 'defeatNum', label: 'imports.counts.defeat', width: 116, format: 'number' },
      { key: 'existNum', label: 'imports.counts.exist', width: 108, format: 'number' },
      { key: 'operator', label: 'imports.records.fields.operator', width: 100 },
      { key: 'createdAt', label: 'imports.records.fields.createdAt', width: 170, format: 'datetime' },
    ],
    search: SEARCH,
    rowActions: [
      {
        key: 'errorLog',
        label: 'imports.records.errorLog',
        visible: (r) => r.hasErrorLog,
        readOnly: true,
        run: (r) => downloadFile(api.import.errorLog, { id: r.id }, errorLogFileName(r.fileName)),
      },
      {
        key: 'retry',
        label: 'tasks.actions.retry',
        permission: batchUpload,
        visible: (r) => r.status === 'failed' && !ENDED_FOR_GOOD.includes(r.errorCode),
        confirm: (_r, ctx) => ctx.t('tasks.confirm.retry'),
        run: (r) => call(api.task.retry, { id: r.id }),
        success: 'tasks.done.retry',
      },
      {
        key: 'cancel',
        label: 'tasks.actions.cancel',
        permission: batchUpload,
        danger: true,
        visible: isImportActive,
        confirm: (_r, ctx) => ctx.t('tasks.confirm.cancel'),
        run: (r) => call(api.task.cancel, { id: r.id }),
        success: 'tasks.done.cancel',
      },
    ],
    live: isImportActive,
  });
}

// One derived declaration per resource, so its list keeps its identity (and its cached rows).
const derived = new WeakMap<object, TResource<TUploadRecordEndpoint>>();

/**
 * The upload operation records of a resource (spec 2.2 `<list>/uploadOperation`) as a declaration of their
 * own: the resource's uploadRecord list with file name, status, counts, operator and times, searchable by
 * file name, status and time, each with its error log.
 */
export function uploadRecordsResource<E extends TEndpoint>(
  owner: TResource<E>,
): TResource<TUploadRecordEndpoint> {
  const known = derived.get(owner);
  if (known) return known;
  if (!owner.importExport) throw new Error(`Resource ${owner.name} declares no importExport`);
  const built = buildUploadRecords(owner as unknown as TResource<TEndpoint>, owner.importExport.uploadRecord);
  derived.set(owner, built);
  return built;
}
