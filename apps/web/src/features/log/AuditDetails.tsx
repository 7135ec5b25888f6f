import { Card, Table } from 'antd';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, auditTableLabel, type TAuditDetail } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { AuditActionBadge } from './auditList';
import { auditKeys } from './queries';

interface TChangeRow {
  field: string;
  before: string;
  after: string;
}

/** A stored value as text: text as it is, anything else as JSON; absent values stay blank. */
const shown = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields of a change, before and after side by side (one side is empty for an insert or delete). */
function changeRows(r: TAuditDetail): TChangeRow[] {
  const before = r.before ?? {};
  const after = r.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields.map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
}

/** One audit entry: who, when, from where, on whose behalf, and the fields it changed. */
export function AuditDetails() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: auditKeys.detail(id),
    queryFn: () => call(api.log.selectAuditDetail, { id }),
    enabled: valid,
  });

  const fields: TDetailField<TAuditDetail>[] = [
    { key: 'id', label: 'log.fields.id' },
    { key: 'createdAt', label: 'log.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
    {
      key: 'action',
      label: 'log.fields.action',
      value: (r) => <AuditActionBadge action={r.action} ctx={{ lang }} />,
    },
    { key: 'tableName', label: 'log.audit.tableName', value: (r) => auditTableLabel(r.tableName, lang) },
    { key: 'recordId', label: 'log.audit.recordId' },
    { key: 'username', label: 'log.fields.username' },
    { key: 'ip', label: 'log.fields.ip' },
    { key: 'onBehalfOf', label: 'log.audit.onBehalfOf' },
  ];

  return (
    <>
      <DetailCard
        title={t('log.audit.card')}
        record={query.data}
        fields={fields}
        loading={query.isPending && valid}
        testId="audit-detail-card"
      />
      <Card className="th-card" title={t('log.audit.changes')} data-testid="audit-changes">
        <Table<TChangeRow>
          rowKey="field"
          size="middle"
          pagination={false}
          loading={query.isPending && valid}
          dataSource={query.data ? changeRows(query.data) : []}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'field', dataIndex: 'field', title: t('log.audit.field'), width: 200 },
            { key: 'before', dataIndex: 'before', title: t('log.audit.before'), width: 320 },
            { key: 'after', dataIndex: 'after', title: t('log.audit.after'), width: 320 },
          ]}
        />
      </Card>
    </>
  );
}
