import { useTranslation } from 'react-i18next';
import type { TChainDetail } from '@tracehub/contract';
import { StatusBadge } from '../../shared/StatusBadge';

/** Whether a record is sealed into a signed block yet (spec 3 chain detail, shown truthfully). */
export function ChainStatusTag({ status }: { status: TChainDetail['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge colour={status === 'sealed' ? 'green' : 'yellow'} testId={`chain-status-${status}`}>
      {status === 'sealed' ? t('ledger.status.sealed') : t('ledger.status.pending')}
    </StatusBadge>
  );
}
