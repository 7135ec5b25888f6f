import { Button, Space, Tooltip } from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, type TChainDetail } from '@tracehub/contract';
import { download } from '../../api/client';
import { downloadFile } from '../../shared/download';
import { openInNewTab } from '../../shared/openBlob';
import { ChainStatusLink } from './ChainStatusLink';
import './ledger.css';

/**
 * An uploaded file a record keeps (an LCA report, a quality report): its name opens it in a new tab, a
 * button downloads it, and the chain status of its evidence opens the blockchain record for sessions
 * holding `permission` (a page's `<code>:ViewBCdata`).
 */
export function EvidenceFile({
  file,
  chain,
  permission,
  testId = 'evidence-file',
}: {
  file: { fileKey: string; fileName: string };
  /** The evidence to show; none hides the status. */
  chain?: TChainDetail | null;
  permission?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const open = () =>
    void openInNewTab(() => download(api.file.view, { fileKey: file.fileKey }), file.fileName).catch(
      () => undefined,
    );
  return (
    <Space size={4} className="evidence-file" data-testid={testId}>
      <Tooltip title={t('ledger.files.open')}>
        <Button
          type="link"
          size="small"
          icon={<FileTextOutlined />}
          className="evidence-file-name"
          onClick={open}
          data-testid={`${testId}-open`}
        >
          {file.fileName}
        </Button>
      </Tooltip>
      <Tooltip title={t('ledger.files.download')}>
        <Button
          type="text"
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('ledger.files.download')}
          onClick={() => void downloadFile(api.file.view, { fileKey: file.fileKey }, file.fileName)}
          data-testid={`${testId}-download`}
        />
      </Tooltip>
      {chain !== undefined && <ChainStatusLink chain={chain} permission={permission} />}
    </Space>
  );
}
