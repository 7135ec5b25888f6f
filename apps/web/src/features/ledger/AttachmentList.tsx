import { Button, Table, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TFileBizType, type TFileEvidence } from '@tracehub/contract';
import { call } from '../../api/client';
import { downloadFile } from '../../shared/download';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { ChainStatusTag } from './ChainStatusTag';
import { HashText } from './HashText';
import { ledgerKeys } from './queries';
import { ViewChainButton } from './ViewChainButton';
import './ledger.css';

/** Opens (downloads) one of the enterprise's files. */
const openFile = (file: TFileEvidence) =>
  downloadFile(api.file.view, { fileKey: file.fileKey }, file.fileName);

/**
 * The attachments of one business record (spec 3 Attachment: fileName, fileHash, txHash, txTime) with their
 * chain status and a "view on chain" button each, for documents, master data and the like.
 */
export function AttachmentList({
  bizType,
  bizNo,
  testId = 'attachment-list',
}: {
  bizType: TFileBizType;
  bizNo: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ledgerKeys.attachments(bizType, bizNo),
    queryFn: ({ signal }) => call(api.file.list, { bizType, bizNo }, { silent: true, signal }),
    enabled: bizNo !== '',
  });
  const columns: TableColumnsType<TFileEvidence> = [
    {
      key: 'fileName',
      title: t('ledger.attachments.fileName'),
      width: 220,
      ellipsis: true,
      render: (_: unknown, file) => (
        <Button
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          className="attachment-name"
          onClick={() => void openFile(file)}
        >
          {file.fileName}
        </Button>
      ),
    },
    {
      key: 'fileHash',
      title: t('ledger.attachments.fileHash'),
      width: 200,
      render: (_: unknown, file) => <HashText value={file.fileHash} short />,
    },
    {
      key: 'txHash',
      title: t('ledger.records.fields.txHash'),
      width: 200,
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
      width: 130,
      render: (_: unknown, file) => <ViewChainButton hash={file.txHash} testId="attachment-view-chain" />,
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
