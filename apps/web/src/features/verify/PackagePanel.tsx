import { useState } from 'react';
import { Alert, Card, Collapse, Result, Spin, Table, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PACKAGE_SCOPE_LABELS, PACKAGE_TYPE_LABELS } from '@tracehub/contract';
import type * as VerifyCore from '@tracehub/verify';
import type { PackageReport, RecordResult } from '@tracehub/verify';
import { useLang } from '../../i18n';

type TState =
  | { status: 'idle' }
  | { status: 'verifying'; name: string }
  | { status: 'failed'; name: string; message: string }
  | { status: 'done'; name: string; report: PackageReport; words: Words };

/** The verifier's own zh/en words, loaded with it. */
type Words = Pick<typeof VerifyCore, 'problemText' | 'DISCLOSURE_LABELS'>;

/**
 * Drop an evidence package and verify it in the browser with the offline verifier (apps/verify): the same
 * code as the tracehub-verify CLI, loaded only when a package is dropped so the page's first load stays small.
 * Nothing is uploaded.
 */
export function PackagePanel() {
  const { t } = useTranslation();
  const [state, setState] = useState<TState>({ status: 'idle' });

  const verify = async (file: File) => {
    setState({ status: 'verifying', name: file.name });
    try {
      const [core, bytes] = await Promise.all([import('@tracehub/verify'), file.arrayBuffer()]);
      const report = core.verifyPackage(new Uint8Array(bytes));
      setState({ status: 'done', name: file.name, report, words: core });
    } catch (error) {
      setState({
        status: 'failed',
        name: file.name,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <div className="verify-file" data-testid="verify-package-drop">
      <Upload.Dragger
        multiple={false}
        accept=".zip,application/zip"
        showUploadList={false}
        beforeUpload={(chosen) => {
          void verify(chosen);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('verify.package.drop')}</p>
        <p className="ant-upload-hint">{t('verify.package.dropHint')}</p>
      </Upload.Dragger>
      {state.status === 'verifying' && (
        <div className="verify-file-info">
          <Spin size="small" /> {t('verify.package.verifying')}
        </div>
      )}
      {state.status === 'failed' && (
        <Alert type="error" showIcon title={t('verify.package.readFailed', { message: state.message })} />
      )}
      {state.status === 'done' && (
        <PackageResult name={state.name} report={state.report} words={state.words} />
      )}
    </div>
  );
}

function PackageResult({ name, report, words }: { name: string; report: PackageReport; words: Words }) {
  const { t } = useTranslation();
  const lang = useLang();
  const m = report.manifest;
  const verdict = (ok: boolean) => (
    <Tag color={ok ? 'success' : 'error'}>{ok ? t('verify.package.pass') : t('verify.package.fail')}</Tag>
  );
  const columns = [
    {
      key: 'record',
      title: t('verify.package.record'),
      render: (_: unknown, r: RecordResult) => (
        <span className="mono-text">
          {r.eventType} {r.subjectType}:{r.subjectId}
        </span>
      ),
    },
    {
      key: 'disclosure',
      title: t('verify.package.disclosure'),
      render: (_: unknown, r: RecordResult) => words.DISCLOSURE_LABELS[r.disclosure][lang],
    },
    {
      key: 'result',
      title: t('verify.package.result'),
      render: (_: unknown, r: RecordResult) => (
        <div data-testid="verify-package-record" data-ok={r.ok}>
          {verdict(r.ok)}
          {r.problems.map((p) => (
            <div key={`${p.code}${p.path ?? ''}`} className="verify-invalid">
              {words.problemText(p, lang)}
            </div>
          ))}
        </div>
      ),
    },
  ];
  return (
    <Card className="verify-card" data-testid="verify-package-result" data-ok={report.ok}>
      <Result
        status={report.ok ? 'success' : 'error'}
        title={
          <span data-testid="verify-package-verdict">
            {report.ok ? t('verify.package.okTitle') : t('verify.package.failTitle')}
          </span>
        }
        subTitle={
          m
            ? t('verify.package.summary', {
                kind: PACKAGE_SCOPE_LABELS[m.scope.kind][lang],
                values: m.scope.values.slice(0, 3).join(', ') + (m.scope.values.length > 3 ? ' …' : ''),
                type: PACKAGE_TYPE_LABELS[m.type][lang],
                records: m.counts.records,
              })
            : name
        }
      />
      {report.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="verify-package-problems"
          title={t('verify.package.packageProblems')}
          description={
            <ul>
              {report.problems.map((p, i) => (
                <li key={i}>{words.problemText(p, lang)}</li>
              ))}
            </ul>
          }
        />
      )}
      {report.platformKey && (
        <p className="muted-text">
          {t('verify.package.platformKey')}: <span className="mono-text">{report.platformKey}</span>
        </p>
      )}
      <Collapse
        defaultActiveKey={report.tiers.filter((x) => !x.ok).map((x) => String(x.tier))}
        items={report.tiers.map((tier) => ({
          key: String(tier.tier),
          label: (
            <span data-testid="verify-package-tier" data-ok={tier.ok}>
              {t('verify.package.tier', { tier: tier.tier })} {verdict(tier.ok)}{' '}
              {t('verify.package.tierSummary', { records: tier.records, failed: tier.failed })}
            </span>
          ),
          children: (
            <Table
              size="small"
              rowKey="path"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={columns}
              dataSource={report.records.filter((r) => r.tier === tier.tier)}
            />
          ),
        }))}
      />
    </Card>
  );
}
