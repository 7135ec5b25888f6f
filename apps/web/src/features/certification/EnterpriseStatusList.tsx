import { Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEnterpriseListItem } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { StatusBadge } from '../../shared/StatusBadge';
import { formatDateTime } from '../../shared/format';
import { avatarColour, avatarText, enterpriseDisplayName, enterpriseStatus } from '../auth/enterpriseDisplay';

function EnterpriseStatusRow({
  item,
  index,
  current,
}: {
  item: TEnterpriseListItem;
  index: number;
  current: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const status = enterpriseStatus(item);
  return (
    <li className="identify-enterprise" data-testid="identify-enterprise" data-status={status}>
      <span className="identify-enterprise-avatar" style={{ background: avatarColour(index) }}>
        {Array.from(avatarText(item, lang))[0]}
      </span>
      <span className="identify-enterprise-name">{enterpriseDisplayName(item, lang)}</span>
      {current && <Tag color="green">{t('identify.enterprises.current')}</Tag>}
      <span className="identify-enterprise-status">
        {status === 'pending' && (
          <>
            <StatusBadge colour="yellow">{t('auth.selectEnterprise.pending')}</StatusBadge>
            <small>{t('auth.selectEnterprise.appliedAt', { time: formatDateTime(item.gmtModified) })}</small>
          </>
        )}
        {status === 'rejected' && (
          <>
            <StatusBadge colour="red">{t('auth.selectEnterprise.rejected')}</StatusBadge>
            <small>{t('auth.selectEnterprise.operatedAt', { time: formatDateTime(item.gmtModified) })}</small>
          </>
        )}
        {status === 'usable' && <StatusBadge colour="green">{t('identify.enterprises.usable')}</StatusBadge>}
      </span>
    </li>
  );
}

/** The account's linked enterprises and where their link applications stand. */
export function EnterpriseStatusList({
  enterprises,
  loading,
  currentUuid,
}: {
  enterprises: readonly TEnterpriseListItem[];
  loading: boolean;
  currentUuid: string | null | undefined;
}) {
  const { t } = useTranslation();
  if (loading) return <Spin />;
  if (enterprises.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('identify.enterprises.empty')} />;
  return (
    <ul className="identify-enterprises">
      {enterprises.map((item, index) => (
        <EnterpriseStatusRow
          key={item.id}
          item={item}
          index={index}
          current={item.enterpriseUuid === currentUuid}
        />
      ))}
    </ul>
  );
}
