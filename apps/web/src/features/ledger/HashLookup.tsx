import { useState, type ReactNode } from 'react';
import { Alert, Card, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ERRORS, type TChainDetail } from '@tracehub/contract';
import { isHashHex } from '@tracehub/ledger';
import { call } from '../../api/client';
import { isApiError } from '../../api/errors';
import { formatDateTime } from '../../shared/format';
import { ChainStatusTag } from './ChainStatusTag';
import { eventTypeLabel } from './eventTypes';
import { HashText } from './HashText';
import { ledgerKeys } from './queries';
import { ViewChainButton } from './ViewChainButton';

function LookupResult({ detail }: { detail: TChainDetail }) {
  const { t } = useTranslation();
  const cells: [string, ReactNode][] = [
    [t('ledger.records.fields.status'), <ChainStatusTag key="s" status={detail.status} />],
    [t('ledger.records.fields.eventType'), eventTypeLabel(detail.eventType, t)],
    [t('ledger.records.fields.subject'), detail.subjectId],
    [t('ledger.records.fields.txHash'), <HashText key="h" value={detail.txHash} short />],
    [t('ledger.records.fields.chainHeight'), detail.chainHeight ?? '--'],
    [t('ledger.records.fields.chainDate'), formatDateTime(detail.chainDate)],
  ];
  return (
    <div className="hash-lookup-result" data-testid="hash-lookup-result">
      {cells.map(([label, value]) => (
        <span key={label} className="cell">
          <span className="label">{label}</span>
          <span className="value">{value}</span>
        </span>
      ))}
      <ViewChainButton hash={detail.txHash} testId="hash-lookup-view" />
    </div>
  );
}

/** Finds one of the enterprise's records by its txHash or data hash (spec 7 /graph/getHash). */
export function HashLookup() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [hash, setHash] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const query = useQuery({
    queryKey: ledgerKeys.byHash(hash ?? ''),
    queryFn: ({ signal }) => call(api.ledger.getHash, { hash: hash ?? '' }, { silent: true, signal }),
    enabled: hash !== null,
    staleTime: 0,
  });
  const submit = (value: string) => {
    const wanted = value.trim().toLowerCase();
    setInvalid(!isHashHex(wanted));
    setHash(isHashHex(wanted) ? wanted : null);
  };
  const notFound = isApiError(query.error) && query.error.code === ERRORS.LEDGER_NOT_FOUND.code;
  return (
    <Card className="th-card hash-lookup" title={t('ledger.records.lookup.title')} size="small">
      <span className="hash-lookup-hint">{t('ledger.records.lookup.hint')}</span>
      <Input.Search
        className="hash-lookup-form mono-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={submit}
        placeholder={t('ledger.records.lookup.placeholder')}
        enterButton={t('ledger.records.lookup.search')}
        loading={query.isFetching}
        allowClear
        status={invalid ? 'error' : undefined}
        data-testid="hash-lookup-input"
      />
      {invalid && <Alert type="error" showIcon title={t('ledger.records.lookup.invalid')} />}
      {hash !== null && query.data && <LookupResult detail={query.data} />}
      {hash !== null && query.error && (
        <Alert
          type="warning"
          showIcon
          title={notFound ? t('ledger.records.lookup.notFound') : query.error.message}
          data-testid="hash-lookup-error"
        />
      )}
    </Card>
  );
}
