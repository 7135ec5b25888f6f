import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Input, Result, Spin, Tabs, Upload } from 'antd';
import {
  ApiOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  FileSearchOutlined,
  InboxOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@tracehub/contract';
import { isHashHex } from '@tracehub/ledger';
import { useLang } from '../../i18n';
import { BrandMark } from '../../shared/BrandMark';
import { EMPTY_TEXT, formatDateTime, formatNumber } from '../../shared/format';
import { LangSelect } from '../../shared/LangSelect';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../../stores/session';
import { eventTypeLabel } from '../ledger/eventTypes';
import { HashText } from '../ledger/HashText';
import { AnchorValue, ProofChecks, VerdictBadge } from '../ledger/ProofParts';
import { useVerifiedProof, type TProofState } from '../ledger/useVerifiedProof';
import { leafEvent, sha256OfFile } from '../ledger/verifyProof';
import { PackagePanel } from './PackagePanel';
import '../ledger/ledger.css';
import './verify.css';

const API_DOCS_PATH = '/api/docs';

type TDone = Extract<TProofState, { status: 'done' }>;
type TFileState =
  | { status: 'hashing'; name: string; size: number }
  | { status: 'hashed'; name: string; size: number; hash: string }
  | { status: 'failed'; name: string; message: string };

type TItem = { key: string; label: string; children: ReactNode };

function SectionCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="verify-card" title={title} size="small" data-testid={testId}>
      {children}
    </Card>
  );
}

function Fields({ items }: { items: TItem[] }) {
  return <Descriptions bordered size="small" column={1} items={items} className="verify-fields" />;
}

/** The verdict and everything the proof showed: the record, its block, the anchor and the checks. */
function ProofResult({ state }: { state: TDone }) {
  const { t } = useTranslation();
  const { proof, verification } = state;
  const { header } = proof.block;
  const event = leafEvent(proof.leafData);
  const signatureOk = verification.checks.signature;

  const recordItems: TItem[] = [
    {
      key: 'eventType',
      label: t('verify.result.eventType'),
      children: event ? eventTypeLabel(event.type, t) : EMPTY_TEXT,
    },
    { key: 'subjectId', label: t('verify.result.subjectId'), children: event?.subjectId ?? EMPTY_TEXT },
    {
      key: 'eventTime',
      label: t('verify.result.eventTime'),
      children: event ? formatDateTime(event.time) : EMPTY_TEXT,
    },
    {
      key: 'txHash',
      label: t('verify.result.txHash'),
      children: <HashText value={proof.leafHash} testId="verify-tx-hash" />,
    },
    {
      key: 'leafPosition',
      label: t('verify.result.leafPosition'),
      children: t('ledger.dialog.leafPositionValue', {
        index: formatNumber(proof.leafIndex + 1),
        size: formatNumber(proof.treeSize),
      }),
    },
    ...(event?.dataHash
      ? [
          {
            key: 'dataHash',
            label: t('verify.result.dataHash'),
            children: <HashText value={event.dataHash} testId="verify-data-hash" />,
          },
        ]
      : []),
    ...(event?.signer
      ? [{ key: 'signer', label: t('verify.result.signer'), children: <HashText value={event.signer.did} /> }]
      : []),
  ];
  const blockItems: TItem[] = [
    {
      key: 'height',
      label: t('verify.result.height'),
      children: <span data-testid="verify-block-height">{header.height}</span>,
    },
    {
      key: 'blockHash',
      label: t('verify.result.blockHash'),
      children: <HashText value={proof.block.hash} testId="verify-block-hash" />,
    },
    { key: 'blockTime', label: t('verify.result.blockTime'), children: formatDateTime(header.time) },
    { key: 'treeSize', label: t('verify.result.treeSize'), children: formatNumber(header.treeSize) },
    { key: 'rootHash', label: t('verify.result.rootHash'), children: <HashText value={header.rootHash} /> },
    {
      key: 'signature',
      label: t('verify.result.signature'),
      children: (
        <span className={`verify-signature ${signatureOk ? 'ok' : 'bad'}`} data-testid="verify-signature">
          {signatureOk ? <CheckCircleFilled /> : <CloseCircleFilled />}
          {signatureOk ? t('verify.result.signatureOk') : t('verify.result.signatureBad')}
        </span>
      ),
    },
    {
      key: 'platformKey',
      label: t('verify.result.platformKey'),
      children: (
        <div className="verify-key">
          <HashText value={state.publicKey} />
          <span className="mono-text muted-text">{state.keyId}</span>
        </div>
      ),
    },
  ];
  const anchor = proof.anchor;
  const anchorItems: TItem[] = anchor
    ? [
        { key: 'tx', label: t('verify.result.anchorTx'), children: <AnchorValue anchor={anchor} /> },
        {
          key: 'contract',
          label: t('verify.result.anchorContract'),
          children: <HashText value={anchor.contract} />,
        },
        { key: 'at', label: t('verify.result.anchoredAt'), children: formatDateTime(anchor.anchoredAt) },
      ]
    : [];

  return (
    <div className="verify-result" data-testid="verify-result">
      <div className={`verify-verdict ${verification.ok ? 'ok' : 'bad'}`} data-testid="verify-verdict">
        <span className="verify-verdict-icon">
          {verification.ok ? <SafetyCertificateOutlined /> : <CloseCircleFilled />}
        </span>
        <div>
          <h2>{verification.ok ? t('verify.result.verifiedTitle') : t('verify.result.failedTitle')}</h2>
          <p>{verification.ok ? t('ledger.verdict.verifiedHint') : t('ledger.verdict.failedHint')}</p>
        </div>
        <VerdictBadge verification={verification} size="large" />
      </div>
      <SectionCard title={t('verify.result.checks')} testId="verify-checks">
        <ProofChecks verification={verification} />
      </SectionCard>
      <div className="verify-grid">
        <SectionCard title={t('verify.result.record')} testId="verify-record">
          <Fields items={recordItems} />
        </SectionCard>
        <SectionCard title={t('verify.result.block')} testId="verify-block">
          <Fields items={blockItems} />
        </SectionCard>
      </div>
      <SectionCard title={t('verify.result.anchor')} testId="verify-anchor">
        {anchor ? <Fields items={anchorItems} /> : <AnchorValue anchor={null} />}
      </SectionCard>
    </div>
  );
}

function ResultArea({
  state,
  refresh,
  refreshing,
}: {
  state: TProofState;
  refresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const refreshButton = (
    <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh} data-testid="verify-refresh">
      {t('verify.result.refresh')}
    </Button>
  );
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return (
        <Card className="verify-card">
          <div className="proof-loading">
            <Spin />
            <span>{t('ledger.dialog.checking')}</span>
          </div>
        </Card>
      );
    case 'notFound':
      return (
        <Card className="verify-card" data-testid="verify-not-found">
          <Result
            status="warning"
            icon={<FileSearchOutlined />}
            title={t('verify.result.notFoundTitle')}
            subTitle={t('verify.result.notFoundText')}
          />
        </Card>
      );
    case 'notSealed':
      return (
        <Card className="verify-card" data-testid="verify-not-sealed">
          <Result
            status="info"
            title={ERRORS.LEDGER_NOT_SEALED[lang]}
            subTitle={t('verify.result.notSealedText')}
            extra={refreshButton}
          />
        </Card>
      );
    case 'error':
      return (
        <Card className="verify-card" data-testid="verify-error">
          <Result
            status="error"
            title={t('verify.result.errorTitle')}
            subTitle={state.message}
            extra={refreshButton}
          />
        </Card>
      );
    case 'done':
      return <ProofResult state={state} />;
  }
}

/** Hashes a chosen or dropped file in the browser (never uploads it) and hands the hash on. */
function FileInput({ onHash }: { onHash: (hash: string) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<TFileState | null>(null);
  const canHash = Boolean(globalThis.crypto?.subtle);

  const hashFile = async (chosen: File) => {
    setFile({ status: 'hashing', name: chosen.name, size: chosen.size });
    try {
      const hash = await sha256OfFile(chosen);
      setFile({ status: 'hashed', name: chosen.name, size: chosen.size, hash });
      onHash(hash);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFile({ status: 'failed', name: chosen.name, message });
    }
  };

  if (!canHash) return <Alert type="warning" showIcon title={t('verify.input.noCrypto')} />;
  return (
    <div className="verify-file" data-testid="verify-file-drop">
      <Upload.Dragger
        multiple={false}
        showUploadList={false}
        beforeUpload={(chosen) => {
          void hashFile(chosen);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('verify.input.drop')}</p>
        <p className="ant-upload-hint">{t('verify.input.dropHint')}</p>
      </Upload.Dragger>
      {file && (
        <div className="verify-file-info" data-testid="verify-file-info">
          <strong>{file.name}</strong>
          {file.status === 'hashing' && (
            <span className="muted-text">
              <Spin size="small" /> {t('verify.input.hashing')}
            </span>
          )}
          {file.status === 'hashed' && (
            <>
              <span className="muted-text">
                {t('verify.input.fileSize', { size: formatNumber(file.size) })}
              </span>
              <span className="verify-file-hash">
                <span className="muted-text">{t('verify.input.fileHash')}</span>
                <HashText value={file.hash} testId="verify-file-hash" />
              </span>
            </>
          )}
          {file.status === 'failed' && (
            <Alert type="error" showIcon title={t('verify.input.hashFailed', { message: file.message })} />
          )}
        </div>
      )}
    </div>
  );
}

/** The hash box: 64 hex characters, checked before anything is asked. */
function HashInput({ initial, onHash }: { initial: string; onHash: (hash: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const hash = text.trim().toLowerCase();
    const ok = isHashHex(hash);
    setInvalid(!ok);
    if (ok) onHash(hash);
  };
  return (
    <div className="verify-hash">
      <Input.Search
        size="large"
        className="mono-input"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
        onSearch={submit}
        placeholder={t('verify.input.hashPlaceholder')}
        enterButton={t('verify.input.submit')}
        status={invalid ? 'error' : undefined}
        allowClear
        data-testid="verify-hash-input"
      />
      {invalid && (
        <div className="verify-invalid" data-testid="verify-invalid">
          {t('verify.input.invalid')}
        </div>
      )}
    </div>
  );
}

function Explain() {
  const { t } = useTranslation();
  const steps = [
    t('verify.explain.record'),
    t('verify.explain.inclusion'),
    t('verify.explain.block'),
    t('verify.explain.anchor'),
  ];
  return (
    <aside className="verify-explain" data-testid="verify-explain">
      <h3>{t('verify.explain.title')}</h3>
      <ol>
        {steps.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>
      <p>{t('verify.explain.api')}</p>
      <a href={API_DOCS_PATH} target="_blank" rel="noreferrer" data-testid="verify-api-docs">
        <ApiOutlined /> {t('verify.explain.apiLink')}
      </a>
    </aside>
  );
}

/**
 * The public evidence verification page (no sign-in): a pasted hash or a dropped file's SHA-256 (computed
 * in the browser) is looked up on the public ledger and its proof verified here, showing the record, its
 * block, the anchor and a clear verdict. The hash is kept in the URL (?hash=) so results can be shared.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(useSession((s) => s.token));
  const [searchParams, setSearchParams] = useSearchParams();
  const urlHash = searchParams.get('hash') ?? '';
  const hash = isHashHex(urlHash.toLowerCase()) ? urlHash.toLowerCase() : null;
  const [mode, setMode] = useState<'hash' | 'file' | 'package'>('hash');
  const { state, refresh, refreshing } = useVerifiedProof(hash);
  useDocumentTitle(t('verify.title'));

  const lookUp = (next: string) => setSearchParams({ hash: next }, { replace: false });

  return (
    <div className="verify-page" data-testid="verify-page">
      <header className="verify-header">
        <Link to="/homePage" className="verify-logo">
          <BrandMark size={34} />
          <span>{t('common.productName')}</span>
        </Link>
        <nav className="verify-nav">
          <a href={API_DOCS_PATH} target="_blank" rel="noreferrer" className="verify-nav-link">
            {t('verify.nav.apiDocs')}
          </a>
          <LangSelect />
          <Button
            type="primary"
            ghost
            onClick={() => void navigate(signedIn ? '/home' : '/login')}
            data-testid="verify-sign-in"
          >
            {signedIn ? t('home.nav.console') : t('verify.nav.signIn')}
          </Button>
        </nav>
      </header>

      <section className="verify-hero">
        <span className="verify-eyebrow">
          <SafetyCertificateOutlined /> {t('verify.hero.eyebrow')}
        </span>
        <h1>{t('verify.hero.headline')}</h1>
        <p>{t('verify.hero.description')}</p>
      </section>

      <main className="verify-main">
        <div className="verify-column">
          <Card className="verify-card verify-input-card">
            <Tabs
              activeKey={mode}
              onChange={(key) => setMode(key === 'file' || key === 'package' ? key : 'hash')}
              items={[
                {
                  key: 'hash',
                  label: <span data-testid="verify-tab-hash">{t('verify.input.hashTab')}</span>,
                  children: <HashInput key={hash ?? ''} initial={hash ?? ''} onHash={lookUp} />,
                },
                {
                  key: 'file',
                  label: <span data-testid="verify-tab-file">{t('verify.input.fileTab')}</span>,
                  children: <FileInput onHash={lookUp} />,
                },
                {
                  key: 'package',
                  label: <span data-testid="verify-tab-package">{t('verify.package.tab')}</span>,
                  children: <PackagePanel />,
                },
              ]}
            />
          </Card>
          {mode !== 'package' && (
            <ResultArea state={state} refresh={() => void refresh()} refreshing={refreshing} />
          )}
        </div>
        <Explain />
      </main>

      <footer className="verify-footer">{t('home.footer')}</footer>
    </div>
  );
}
