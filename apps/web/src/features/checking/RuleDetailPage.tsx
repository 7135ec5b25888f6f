import { Card, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, type TCheckInfo } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { LevelBadge } from './labels';
import { checkingKeys } from './queries';

/** /dataChecking/checkLog/ruleDetail?packageId=: the package's checks with id, version, level and texts. */
export default function RuleDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const packageId = useSearchParams()[0].get('packageId') ?? 'standard';
  const query = useQuery({
    queryKey: checkingKeys.rules(packageId),
    queryFn: () => call(api.checking.ruleDetail, { packageId }),
  });
  const pkg = query.data?.package;
  const kindNames = new Map((query.data?.kinds ?? []).map((k) => [k.id, k.name]));
  return (
    <Card
      title={pkg ? `${pkg.name[lang]} v${pkg.version}` : t('checking.ruleDetail.card')}
      extra={pkg ? <code data-testid="check-package-hash">{pkg.hash.slice(0, 16)}…</code> : null}
    >
      <Table<TCheckInfo>
        rowKey="id"
        data-testid="check-rule-table"
        loading={query.isPending}
        dataSource={query.data?.checks ?? []}
        pagination={false}
        columns={[
          {
            key: 'kind',
            title: t('checking.fields.kind'),
            width: 170,
            render: (_v, r) => kindNames.get(r.kind)?.[lang] ?? r.kind,
          },
          { key: 'id', title: t('checking.fields.check'), dataIndex: 'id', width: 280 },
          { key: 'version', title: t('checking.fields.version'), dataIndex: 'version', width: 80 },
          {
            key: 'level',
            title: t('checking.fields.level'),
            width: 90,
            render: (_v, r) => <LevelBadge level={r.level} lang={lang} />,
          },
          { key: 'name', title: t('checking.fields.name'), width: 220, render: (_v, r) => r.name[lang] },
          {
            key: 'description',
            title: t('checking.fields.description'),
            render: (_v, r) => r.description[lang],
          },
        ]}
      />
    </Card>
  );
}
