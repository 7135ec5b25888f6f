import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExportOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAnchor } from '@tracehub/contract';
import { HashText } from './HashText';
import { PROOF_CHECKS, type TProofVerification } from './verifyProof';

/** The overall result: 已验证 / Verified or 验证失败 / Verification failed (or still checking). */
export function VerdictBadge({
  verification,
  size = 'default',
}: {
  verification: TProofVerification | null;
  size?: 'default' | 'large';
}) {
  const { t } = useTranslation();
  const state = verification === null ? 'checking' : verification.ok ? 'verified' : 'failed';
  const icon =
    state === 'checking' ? (
      <LoadingOutlined />
    ) : state === 'verified' ? (
      <CheckCircleFilled />
    ) : (
      <CloseCircleFilled />
    );
  const text =
    state === 'checking'
      ? t('ledger.dialog.checking')
      : state === 'verified'
        ? t('ledger.verdict.verified')
        : t('ledger.verdict.failed');
  return (
    <span
      className={`proof-verdict proof-verdict-${state} proof-verdict-${size}`}
      data-testid="proof-verdict"
    >
      {icon}
      {text}
    </span>
  );
}

/** The checks the browser ran, each with ✓ or ✗. */
export function ProofChecks({ verification }: { verification: TProofVerification }) {
  const { t } = useTranslation();
  return (
    <ul className="proof-checks" data-testid="proof-checks">
      {PROOF_CHECKS.map((check) => {
        const ok = verification.checks[check];
        if (ok === null) return null;
        return (
          <li key={check} className={ok ? 'ok' : 'bad'} data-testid={`proof-check-${check}`} data-ok={ok}>
            <span
              className="proof-check-mark"
              aria-label={ok ? t('ledger.checks.passed') : t('ledger.checks.notPassed')}
            >
              {ok ? <CheckCircleFilled /> : <CloseCircleFilled />}
            </span>
            <span>{t(`ledger.checks.${check}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Only http(s) links from the server are followed. */
function safeLink(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The anchor transaction with its explorer link, or "not anchored to an external chain". */
export function AnchorValue({ anchor }: { anchor: TAnchor | null }): ReactNode {
  const { t } = useTranslation();
  if (!anchor) {
    return (
      <span className="muted-text" data-testid="anchor-none">
        {t('ledger.dialog.notAnchored')}
      </span>
    );
  }
  const link = safeLink(anchor.explorerUrl);
  return (
    <div className="anchor-value" data-testid="anchor-value">
      <HashText value={anchor.txHash} testId="anchor-tx" />
      <div className="anchor-meta">
        <span>
          {anchor.blockNumber === null
            ? t('ledger.dialog.anchorChainPending', { chainId: anchor.chainId })
            : t('ledger.dialog.anchorChain', { chainId: anchor.chainId, blockNumber: anchor.blockNumber })}
        </span>
        {link && (
          <a href={link} target="_blank" rel="noreferrer noopener" data-testid="anchor-explorer">
            {t('ledger.dialog.explorer')} <ExportOutlined />
          </a>
        )}
      </div>
    </div>
  );
}
