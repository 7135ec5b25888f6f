import { useTranslation } from 'react-i18next';
import type { TChainDetail } from '@tracehub/contract';
import { StatusBadge } from '../../shared/StatusBadge';

/**
 * Whether a record is written into a signed block of the ledger yet (spec 3 chain detail, shown truthfully),
 * with the block's height when it is given. Anchoring to an external chain is a separate fact (the dialog).
 */
export function ChainStatusTag({
  status,
  height = null,
}: {
  status: TChainDetail['status'];
  height?: number | null;
}) {
  const { t } = useTranslation();
  const sealed = status === 'sealed';
  return (
    <StatusBadge colour={sealed ? 'green' : 'yellow'} testId={`chain-status-${status}`}>
      {!sealed
        ? t('ledger.status.pending')
        : height === null
          ? t('ledger.status.sealed')
          : t('ledger.status.sealedAt', { height })}
    </StatusBadge>
  );
}
