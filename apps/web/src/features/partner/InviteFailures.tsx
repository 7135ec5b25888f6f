import { Table } from 'antd';
import { partnerRecord, type TPartnerInviteFailureItem } from '@tracehub/contract';
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
  const lang = useLang();
  const { code, name, email, inviteError } = partnerRecord.fields;
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
          { key: 'code', dataIndex: 'code', title: code.label[lang], width: 150, ellipsis: true },
          { key: 'name', dataIndex: 'name', title: name.label[lang], ellipsis: true },
          {
            key: 'email',
            dataIndex: 'email',
            title: email.label[lang],
            ellipsis: true,
            render: (email: string) => email || EMPTY_TEXT,
          },
          {
            key: 'reason',
            dataIndex: 'reason',
            title: inviteError.label[lang],
            width: 160,
            render: (_: unknown, row) => (
              <span className="invite-failure-reason" data-testid={`invite-failure-${row.reason}`}>
                {failureText(row.reason, { lang })}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
