import type { ReactNode } from 'react';
import { Button, Descriptions, Result, Spin } from 'antd';
import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { formatDateTime } from '../../shared/format';
import { CertificatePdfButton } from './CertificatePdfButton';
import { eventTypeLabel } from './eventTypes';
import { HashText } from './HashText';
import { AnchorValue, ProofChecks, VerdictBadge } from './ProofParts';
import { useVerifiedProof, type TProofState } from './useVerifiedProof';
import { leafEvent } from './verifyProof';
import './ledger.css';

const DIALOG_WIDTH = 780;

/** The public verification page for a hash, opened in a new tab from the console. */
export const verifyPageLink = (hash: string) => `/verify?hash=${encodeURIComponent(hash)}`;

/** What the dialog shows for a proof that came back: the verdict, the record's chain detail, the checks. */
function ProofBody({
  state,
  subject,
}: {
  state: Extract<TProofState, { status: 'done' }>;
  subject?: string;
}) {
  const { t } = useTranslation();
  const { proof, verification } = state;
  const { header } = proof.block;
  const event = leafEvent(proof.leafData);
  const items: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'txHash',
      label: t('ledger.dialog.txHash'),
      children: <HashText value={proof.leafHash} testId="chain-tx-hash" />,
    },
    {
      key: 'eventType',
      label: t('ledger.dialog.eventType'),
      children: event ? eventTypeLabel(event.type, t) : '--',
    },
    {
      key: 'subjectId',
      label: t('ledger.dialog.subjectId'),
      // The record in words when the opener knows it (kind and number); else the ledger's own id.
      children: (
        <span
          data-testid="chain-subject"
          title={event ? `${event.subjectType} ${event.subjectId}` : undefined}
        >
          {subject ?? (event ? `${event.subjectType} ${event.subjectId}` : '--')}
        </span>
      ),
    },
    {
      key: 'eventTime',
      label: t('ledger.dialog.eventTime'),
      children: event ? formatDateTime(event.time) : '--',
    },
    {
      key: 'chainHeight',
      label: t('ledger.dialog.chainHeight'),
      children: <span data-testid="chain-height">{header.height}</span>,
    },
    {
      key: 'chainHash',
      label: t('ledger.dialog.chainHash'),
      children: <HashText value={proof.block.hash} testId="chain-hash" />,
    },
    {
      key: 'chainDate',
      label: t('ledger.dialog.chainDate'),
      children: <span data-testid="chain-date">{formatDateTime(header.time)}</span>,
    },
    {
      key: 'leafPosition',
      label: t('ledger.dialog.leafPosition'),
      children: t('ledger.dialog.leafPositionValue', {
        index: proof.leafIndex + 1,
        size: proof.treeSize,
      }),
    },
    { key: 'anchor', label: t('ledger.dialog.anchor'), children: <AnchorValue anchor={proof.anchor} /> },
  ];
  return (
    <>
      <div className={`proof-summary ${verification.ok ? 'ok' : 'bad'}`}>
        <VerdictBadge verification={verification} size="large" />
        <span className="proof-summary-hint">
          {verification.ok ? t('ledger.verdict.verifiedHint') : t('ledger.verdict.failedHint')}
        </span>
      </div>
      <Descriptions bordered size="small" column={1} items={items} className="chain-fields" />
      <h4 className="proof-section-title">
        <SafetyOutlined /> {t('ledger.checks.title')}
      </h4>
      <ProofChecks verification={verification} />
    </>
  );
}

/** Not sealed yet, not found, or failed to load: what happened and how to try again. */
function ProofProblem({
  state,
  onRefresh,
  refreshing,
}: {
  state: Extract<TProofState, { status: 'notSealed' | 'notFound' | 'error' }>;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const title =
    state.status === 'notSealed'
      ? ERRORS.LEDGER_NOT_SEALED[lang]
      : state.status === 'notFound'
        ? t('ledger.dialog.notFound')
        : t('ledger.dialog.loadFailed', { message: state.message });
  return (
    <Result
      status={state.status === 'error' ? 'error' : state.status === 'notSealed' ? 'info' : 'warning'}
      title={<span data-testid={`chain-${state.status}`}>{title}</span>}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={onRefresh}
          data-testid="chain-refresh"
        >
          {t('ledger.dialog.refresh')}
        </Button>
      }
    />
  );
}

/**
 * The blockchain record detail dialog (spec 2.4): for a txHash or a data hash, the record's block, time and
 * anchor, with the inclusion proof and block signature verified in the browser (not just displayed).
 */
export function ChainRecordDialog({
  hash,
  subject,
  onClose,
  withContent = true,
}: {
  hash: string;
  /**
   * Also fetch the record's content and salt to re-check its payload hash: only for the enterprise's own
   * records (another company's, reached through a trace, has no content to show; its proof still verifies).
   */
  withContent?: boolean;
  /** The record in words ("采购入库 RK-XH-001"), named in the dialog. */
  subject?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Signed in: the record's content is checked against its salted payload hash too, when it is ours to see.
  const { state, refresh, refreshing } = useVerifiedProof(hash, { withContent });
  return (
    <AppDialog
      open
      title={t('ledger.dialog.title')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      readOnly
      testId="chain-record-dialog"
    >
      {state.status === 'done' ? (
        <ProofBody state={state} subject={subject} />
      ) : state.status === 'notSealed' || state.status === 'notFound' || state.status === 'error' ? (
        <ProofProblem state={state} onRefresh={() => void refresh()} refreshing={refreshing} />
      ) : (
        <div className="proof-loading">
          <Spin />
          <span>{t('ledger.dialog.checking')}</span>
        </div>
      )}
      <div className="proof-public-link">
        {state.status === 'done' && (
          <CertificatePdfButton
            uuid={state.proof.leafHash}
            mode="open"
            type="link"
            label={t('ledger.dialog.viewCertificate')}
            className="proof-certificate-button"
            testId="chain-view-certificate"
          />
        )}
        <a href={verifyPageLink(hash)} target="_blank" rel="noreferrer" data-testid="chain-open-public">
          {t('ledger.dialog.openPublic')}
        </a>
      </div>
    </AppDialog>
  );
}
