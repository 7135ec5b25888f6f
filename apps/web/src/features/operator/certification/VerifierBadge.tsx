import { useTranslation } from 'react-i18next';
import type { TCertification } from '@tracehub/contract';
import { StatusBadge } from '../../../shared/StatusBadge';

/** The third-party check's outcome: passed, not passed, or still running. */
export function VerifierBadge({ result }: { result: TCertification['verifierResult'] }) {
  const { t } = useTranslation();
  if (!result)
    return (
      <StatusBadge colour="blue" variant="dot">
        {t('operator.certification.verifier.pending')}
      </StatusBadge>
    );
  return result.passed ? (
    <StatusBadge colour="green" variant="dot">
      {t('operator.certification.verifier.passed')}
    </StatusBadge>
  ) : (
    <StatusBadge colour="red" variant="dot">
      {t('operator.certification.verifier.failed')}
    </StatusBadge>
  );
}
