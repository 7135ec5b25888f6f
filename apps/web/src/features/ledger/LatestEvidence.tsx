import { Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, permissionCodes } from '@tracehub/contract';
import { call } from '../../api/client';
import { usePermissions } from '../../shared/permissions';
import { ChainStatusTag } from './ChainStatusTag';
import { HashText } from './HashText';
import { ledgerKeys } from './queries';
import { ViewChainButton } from './ViewChainButton';

/**
 * The enterprise's newest evidence record of one event type (optionally of one subject), e.g. its
 * certification: status, txHash and "view on chain". Shows nothing when the records cannot be read, and
 * asks nothing without a code of the evidence list (ChainRecords, or ViewBlockchainCertificate for the
 * company's own records).
 */
export function LatestEvidence({
  eventType,
  subjectId = '',
  testId = 'latest-evidence',
}: {
  eventType: string;
  subjectId?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const query = useQuery({
    enabled: can(permissionCodes(api.ledger.queryProductChainRecordsPage)),
    queryKey: ledgerKeys.latestOf(eventType, subjectId),
    queryFn: ({ signal }) =>
      call(
        api.ledger.queryProductChainRecordsPage,
        { eventType, subjectId, pageNo: 1, pageSize: 1, sortField: 'createdAt', sortOrder: 'desc' },
        { silent: true, signal },
      ),
  });
  if (query.isError || query.isPending) return null;
  const record = query.data.list[0];
  if (!record) return <span className="muted-text">{t('ledger.certificate.none')}</span>;
  return (
    <Space size={12} wrap data-testid={testId}>
      <ChainStatusTag status={record.chain.status} />
      <HashText value={record.chain.txHash} short />
      <ViewChainButton hash={record.chain.txHash} testId={`${testId}-view`} />
    </Space>
  );
}
