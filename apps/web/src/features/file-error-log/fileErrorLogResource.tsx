import { Typography } from 'antd';
import { api, type TFileTransferError } from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { documentTypeLabel, documentTypeOptions, stageLabel, stageOptions } from './labels';
import { fileErrorLogKeys } from './queries';

/**
 * Failed attachment transfers of documents (spec 2.1 /stage/fileErrorLog): when, for which document type,
 * stage and record, which file, and why it was refused. `bizType` and `billType` come from the URL query
 * as the named target StageFileErrorLog passes them (shared/navigation.ts).
 */
export const fileErrorLogResource = defineResource({
  name: 'stage/fileErrorLog',
  endpoint: api.fileErrorLog.page,
  keys: fileErrorLogKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'createdAt',
      label: 'fileErrorLog.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
    {
      key: 'bizType',
      label: 'fileErrorLog.fields.bizType',
      width: 180,
      render: (r: TFileTransferError, ctx) => documentTypeLabel(r.bizType, ctx),
    },
    {
      key: 'billType',
      label: 'fileErrorLog.fields.billType',
      width: 130,
      render: (r: TFileTransferError, ctx) => stageLabel(r.billType, ctx),
    },
    { key: 'bizNo', label: 'fileErrorLog.fields.bizNo', width: 180 },
    { key: 'fileName', label: 'fileErrorLog.fields.fileName', width: 200 },
    { key: 'errorCode', label: 'fileErrorLog.fields.errorCode', width: 100 },
    {
      key: 'errorMsg',
      label: 'fileErrorLog.fields.errorMsg',
      width: 420,
      render: (r: TFileTransferError) => (
        <Typography.Text type="danger" ellipsis={{ tooltip: r.errorMsg }} data-testid="file-error-message">
          {r.errorMsg}
        </Typography.Text>
      ),
    },
  ],
  search: [
    {
      type: 'select',
      prop: 'bizType',
      label: 'fileErrorLog.fields.bizType',
      options: documentTypeOptions,
    },
    { type: 'select', prop: 'billType', label: 'fileErrorLog.fields.billType', options: stageOptions },
    { type: 'text', prop: 'fileName', label: 'fileErrorLog.fields.fileName', basic: true },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'fileErrorLog.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
});
