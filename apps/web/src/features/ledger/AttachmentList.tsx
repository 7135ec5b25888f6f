import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, CHAIN_RECORDS_CODE, type TFileBizType, type TFileEvidence } from '@tracehub/contract';
import { call } from '../../api/client';
import { useConfirm } from '../../shared/confirm';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { ChainStatusTag } from './ChainStatusTag';
import { HashText } from './HashText';
import { ledgerKeys } from './queries';
import { ViewChainButton } from './ViewChainButton';
import './ledger.css';

/**
 * Downloads one of the enterprise's files through a link that needs no session (/file/preDownload, valid
 * for 3 minutes), followed at once: the browser saves the file under the name the server gives it.
 */
async function downloadAttachment(file: TFileEvidence): Promise<void> {
  try {
    const link = await call(api.file.preDownload, { fileKey: file.fileKey, fileName: file.fileName });
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = link.fileName;
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } catch {
    // The client has shown why.
  }
}

/**
 * The attachments of one business record (spec 3 Attachment: fileName, fileHash, txHash, txTime) with their
 * chain status and, for holders of the page's `<code>:ViewBCdata` (or the evidence page), a "view on chain"
 * button each, for documents, master data and the like. Holders of `deletePermission` (the page's
 * UploadAffix) may delete one after confirming: it leaves the list, while the evidence of its upload stays
 * on the ledger.
 */
export function AttachmentList({
  bizType,
  bizNo,
  deletePermission,
  chainPermission,
  testId = 'attachment-list',
}: {
  bizType: TFileBizType;
  bizNo: string;
  /** Without it the list is read-only. */
  deletePermission?: string;
  /** The page's ViewBCdata: the server refuses the evidence certificate without it (or ChainRecords). */
  chainPermission: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const mayViewChain = can([chainPermission, CHAIN_RECORDS_CODE]);
  const confirm = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayDelete = deletePermission !== undefined && can(deletePermission);
  const remove = (file: TFileEvidence) =>
    void confirm({
      content: t('ledger.attachments.confirmDelete', { name: file.fileName }),
      danger: true,
      onConfirm: async () => {
        await call(api.file.deleteByRowkey, { rowKey: file.rowkey });
        void message.success(t('ledger.attachments.deleted'));
        await queryClient.invalidateQueries({ queryKey: ledgerKeys.attachments(bizType, bizNo) });
      },
    });
  const query = useQuery({
    queryKey: ledgerKeys.attachments(bizType, bizNo),
    queryFn: ({ signal }) => call(api.file.list, { bizType, bizNo }, { silent: true, signal }),
    enabled: bizNo !== '',
  });
  const columns: TableColumnsType<TFileEvidence> = [
    {
      key: 'fileName',
      title: t('ledger.attachments.fileName'),
      width: 180,
      ellipsis: true,
      render: (_: unknown, file) => (
        <Button
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          className="attachment-name"
          onClick={() => void downloadAttachment(file)}
        >
          {file.fileName}
        </Button>
      ),
    },
    {
      key: 'fileHash',
      title: t('ledger.attachments.fileHash'),
      width: 180,
      render: (_: unknown, file) => <HashText value={file.fileHash} short />,
    },
    {
      key: 'txHash',
      title: t('ledger.records.fields.txHash'),
      width: 180,
      render: (_: unknown, file) => <HashText value={file.txHash} short />,
    },
    {
      key: 'txTime',
      title: t('ledger.attachments.txTime'),
      width: 170,
      render: (_: unknown, file) => formatDateTime(file.txTime),
    },
    {
      key: 'status',
      title: t('ledger.records.fields.status'),
      width: 100,
      render: (_: unknown, file) => <ChainStatusTag status={file.chain.status} />,
    },
    {
      key: 'chain',
      title: t('common.list.operations'),
      // Room for the buttons shown, at least a column's minimum (spec 2.5).
      width: Math.max((mayViewChain ? 130 : 0) + (mayDelete ? 80 : 0), 88),
      render: (_: unknown, file) => (
        <Space size={0}>
          {mayViewChain && <ViewChainButton hash={file.txHash} testId="attachment-view-chain" />}
          {mayDelete && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(file)}
              data-testid="attachment-delete"
            >
              {t('ledger.attachments.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<TFileEvidence>
      className="attachment-list"
      data-testid={testId}
      rowKey="fileKey"
      size="small"
      columns={columns}
      dataSource={query.data ?? []}
      loading={query.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: query.isError ? t('ledger.attachments.loadFailed') : EMPTY_TEXT }}
    />
  );
}
