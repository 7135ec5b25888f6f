import type { ComponentType } from 'react';
import { CloudUploadOutlined, DownloadOutlined, ExportOutlined, HistoryOutlined } from '@ant-design/icons';
import { fileBizType, type TEndpoint, type TImportRecord } from '@tracehub/contract';
import { downloadFile } from '../download';
import { ATTACHMENT_BIZ_TYPE, AttachmentsDialog, UploadAttachmentDialog } from './AttachmentDialogs';
import { ImportDialog } from './ImportDialog';
import { attachmentBizNo, exportRequest, UPLOAD_OPERATION_ROUTE } from './importModel';
import type {
  TImportExport,
  TListItem,
  TResource,
  TResourceAttachments,
  TResourceDialogProps,
  TRowAction,
  TToolbarAction,
} from './types';

type TDialogs<T> = Record<string, ComponentType<TResourceDialogProps<T>>>;

/** Everything a resource's buttons can do: what it declares, plus the standard actions it asks for. */
export interface TResourceActions<T> {
  toolbar: readonly TToolbarAction<T>[];
  rowActions: readonly TRowAction<T>[];
  dialogs: Readonly<TDialogs<T>>;
}

/** Bulk import, template, export (of what the search shows) and upload records, by `<code>:<Action>`. */
function importExportActions<T>(
  code: string,
  endpoints: TImportExport,
  resultExtra?: ComponentType<{ record: TImportRecord }>,
) {
  function BulkImport({ onClose, refresh }: TResourceDialogProps<T>) {
    return (
      <ImportDialog endpoints={endpoints} onClose={onClose} onImported={refresh} resultExtra={resultExtra} />
    );
  }
  const toolbar: TToolbarAction<T>[] = [
    {
      key: 'import',
      label: 'imports.actions.import',
      permission: `${code}:BatchUpload`,
      icon: <CloudUploadOutlined />,
      dialog: 'import',
    },
    {
      key: 'template',
      label: 'imports.actions.template',
      permission: `${code}:DownloadTemplate`,
      icon: <DownloadOutlined />,
      readOnly: true,
      run: () => downloadFile(endpoints.template, {}),
    },
    {
      key: 'export',
      label: 'imports.actions.export',
      permission: `${code}:Export`,
      icon: <ExportOutlined />,
      readOnly: true,
      run: (_rows, ctx) => downloadFile(endpoints.export, exportRequest(ctx.request)),
    },
    {
      key: 'uploadRecords',
      label: 'imports.actions.records',
      permission: `${code}:ViewUploadRecords`,
      icon: <HistoryOutlined />,
      to: UPLOAD_OPERATION_ROUTE,
    },
  ];
  const dialogs: TDialogs<T> = { import: BulkImport };
  return { toolbar, dialogs };
}

/**
 * Upload one attachment to a record and view its attachments, by `<code>:UploadAffix` / `:ViewEnclosure`;
 * holders of UploadAffix may delete them in the view dialog too.
 */
function attachmentActions<T>(code: string, attachments: TResourceAttachments<T>) {
  const target = (record: T) => ({
    bizType: attachments.bizType === undefined ? ATTACHMENT_BIZ_TYPE : fileBizType(attachments.bizType),
    bizNo: attachmentBizNo(code, attachments.key(record)),
    name: attachments.title?.(record) ?? String(attachments.key(record)),
  });
  function UploadAttachment({ record, onClose }: TResourceDialogProps<T>) {
    return record ? <UploadAttachmentDialog {...target(record)} onClose={onClose} /> : null;
  }
  function ViewAttachments({ record, onClose }: TResourceDialogProps<T>) {
    return record ? (
      <AttachmentsDialog
        {...target(record)}
        deletePermission={`${code}:UploadAffix`}
        chainPermission={`${code}:ViewBCdata`}
        onClose={onClose}
      />
    ) : null;
  }
  const rowActions: TRowAction<T>[] = [
    {
      key: 'uploadAttachment',
      label: 'ledger.attachments.upload',
      permission: `${code}:UploadAffix`,
      dialog: 'uploadAttachment',
    },
    {
      key: 'viewAttachments',
      label: 'ledger.attachments.view',
      permission: `${code}:ViewEnclosure`,
      dialog: 'attachments',
    },
  ];
  const dialogs: TDialogs<T> = { uploadAttachment: UploadAttachment, attachments: ViewAttachments };
  return { rowActions, dialogs };
}

// One expansion per declaration, so the dialog components keep their identity across renders.
const expanded = new WeakMap<object, TResourceActions<unknown>>();

/**
 * The actions of a resource: its own toolbar and row actions first, then the standard ones its
 * declaration names (`importExport`, `attachments`); a dialog it declares under a standard key wins.
 */
export function resourceActions<E extends TEndpoint>(resource: TResource<E>): TResourceActions<TListItem<E>> {
  type T = TListItem<E>;
  const cached = expanded.get(resource);
  if (cached) return cached as TResourceActions<T>;
  const code = resource.code ?? '';
  const transfer = resource.importExport
    ? importExportActions<T>(code, resource.importExport, resource.importResult)
    : null;
  const files = resource.attachments ? attachmentActions<T>(code, resource.attachments) : null;
  const actions: TResourceActions<T> = {
    toolbar: [...(resource.toolbar ?? []), ...(transfer?.toolbar ?? [])],
    rowActions: [...(resource.rowActions ?? []), ...(files?.rowActions ?? [])],
    dialogs: { ...transfer?.dialogs, ...files?.dialogs, ...resource.dialogs },
  };
  expanded.set(resource, actions as TResourceActions<unknown>);
  return actions;
}
