import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TLogItem } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { actionLabel, ResultBadge } from './logList';
import { logKeys } from './queries';
import { AuditDetails } from './AuditDetails';

/** One log record (spec 2.2 /log/details/:id): a data change, or a sign-in line with `?type=signIn`. */
export default function LogDetailsPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'signIn' ? <SignInDetails /> : <AuditDetails />;
}

/** One account log record. */
function SignInDetails() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: logKeys.detail(id),
    queryFn: () => call(api.log.selectLogDetail, { id }),
    enabled: valid,
  });
  const ctx = { lang, t };

  const fields: TDetailField<TLogItem>[] = [
    { key: 'id', label: 'log.fields.id' },
    { key: 'createdAt', label: 'log.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
    { key: 'action', label: 'log.fields.action', value: (r) => actionLabel(r.action, ctx) },
    { key: 'result', label: 'log.fields.result', value: (r) => <ResultBadge result={r.result} ctx={ctx} /> },
    { key: 'username', label: 'log.fields.username' },
    {
      key: 'enterpriseName',
      label: 'log.fields.enterpriseName',
      value: (r) => pickLangText(lang, r.enterpriseName, r.enterpriseEnglishName),
    },
    { key: 'ip', label: 'log.fields.ip' },
    { key: 'userAgent', label: 'log.fields.userAgent', wide: true },
    {
      key: 'detail',
      label: 'log.fields.detail',
      wide: true,
      value: (r) =>
        r.detail && Object.keys(r.detail).length > 0 ? (
          <pre className="log-detail-json">{JSON.stringify(r.detail, null, 2)}</pre>
        ) : null,
    },
  ];

  return (
    <DetailCard
      title={t('log.details.card')}
      record={query.data}
      fields={fields}
      loading={query.isPending && valid}
      testId="log-detail-card"
    />
  );
}
