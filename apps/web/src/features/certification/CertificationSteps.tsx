import { Steps, type StepsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCertification } from '@tracehub/contract';
import { formatDateTime } from '../../shared/format';
import { verifierName } from './verifierName';

type TStep = NonNullable<StepsProps['items']>[number];

/**
 * Where one application stands (spec 4): submitted -> third-party check -> platform audit (about 2-3 days)
 * -> approved, or returned by the verifier or by the operator.
 */
export function CertificationSteps({ item }: { item: Omit<TCertification, 'form'> }) {
  const { t } = useTranslation();
  const verifier = item.verifierResult;
  const verifierFailed = verifier?.passed === false;
  const returned = item.status === 'returned';
  const auditReturned = returned && !verifierFailed;

  const submitted: TStep = {
    title: t('identify.timeline.submitted'),
    description: formatDateTime(item.submittedAt),
    status: 'finish',
  };
  const thirdParty: TStep = {
    title: t('identify.timeline.thirdParty'),
    description: !verifier
      ? t('identify.timeline.thirdPartyRunning')
      : verifier.passed
        ? t('identify.timeline.thirdPartyPassed', { verifier: verifierName(verifier.verifier, t) })
        : t('identify.timeline.thirdPartyFailed', { verifier: verifierName(verifier.verifier, t) }),
    status: !verifier ? 'process' : verifier.passed ? 'finish' : 'error',
  };
  const audit: TStep = {
    title: t('identify.timeline.audit'),
    description:
      item.status === 'pendingAudit'
        ? t('identify.timeline.auditPending')
        : item.status === 'approved'
          ? t('identify.timeline.auditPassed')
          : auditReturned
            ? t('identify.timeline.auditReturned')
            : t('identify.timeline.waiting'),
    status:
      item.status === 'pendingAudit'
        ? 'process'
        : item.status === 'approved'
          ? 'finish'
          : auditReturned
            ? 'error'
            : 'wait',
  };
  const result: TStep = {
    title: t('identify.timeline.result'),
    description:
      item.status === 'approved'
        ? `${t('identify.timeline.approved')} · ${formatDateTime(item.auditedAt)}`
        : returned
          ? t('identify.timeline.returned')
          : t('identify.timeline.waiting'),
    status: item.status === 'approved' ? 'finish' : returned ? 'error' : 'wait',
  };
  const items = [submitted, thirdParty, audit, result];
  // The step in progress or in error is the current one; an approved application has finished them all.
  const open = items.findIndex((s) => s.status !== 'finish');
  return (
    <Steps
      className="certification-steps"
      size="small"
      titlePlacement="vertical"
      current={open === -1 ? items.length - 1 : open}
      items={items}
      data-testid="certification-steps"
    />
  );
}
