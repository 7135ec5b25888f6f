import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChainRecordDialog } from './ChainRecordDialog';

/**
 * "View on chain" for any record that has a txHash or data hash (attachments, documents, master data):
 * opens the blockchain record detail dialog. Without a hash there is nothing on chain to show.
 */
export function ViewChainButton({
  hash,
  label,
  type = 'link',
  size = 'small',
  testId = 'view-chain',
  withContent = true,
}: {
  hash: string | null | undefined;
  label?: ReactNode;
  type?: 'link' | 'default' | 'primary';
  size?: 'small' | 'middle';
  testId?: string;
  /** Check the record's content too (only the enterprise's own records have it to show; see the dialog). */
  withContent?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type={type}
        size={size}
        icon={<LinkOutlined />}
        disabled={!hash}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label ?? t('ledger.records.viewOnChain')}
      </Button>
      {open && hash && (
        <ChainRecordDialog hash={hash} withContent={withContent} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
