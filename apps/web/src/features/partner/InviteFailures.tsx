import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPartnerInviteFailureItem } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { EMPTY_TEXT } from '../../shared/format';
import { failureText } from './partnerLabels';
import './partner.css';

/** The partners whose invitation failed, each with its reason (spec 8 "Failed invite e-mails are listed"). */
export function InviteFailures({
  title,
  failed,
}: {
  title: string;
  failed: readonly TPartnerInviteFailureItem[];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="invite-failures" data-testid="invite-failures">
      <div className="invite-failures-title">{title}</div>
      <Table<TPartnerInviteFailureItem>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={[...failed]}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('partner.fields.code'), width: 150, ellipsis: true },
          { key: 'name', dataIndex: 'name', title: t('partner.fields.name'), ellipsis: true },
          {
            key: 'email',
            dataIndex: 'email',
            title: t('partner.fields.email'),
            ellipsis: true,
            render: (email: string) => email || EMPTY_TEXT,
          },
          {
            key: 'reason',
            dataIndex: 'reason',
            title: t('partner.invite.reason'),
            width: 160,
            render: (_: unknown, row) => (
              <span className="invite-failure-reason" data-testid={`invite-failure-${row.reason}`}>
                {failureText(row.reason, { lang, t })}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
