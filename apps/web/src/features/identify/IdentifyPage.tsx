import { useState } from 'react';
import { Button, Card, Empty, Space, Spin, Steps, Tag } from 'antd';
import {
  CheckCircleOutlined,
  LogoutOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TEnterpriseListItem } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { BrandMark } from '../../shared/BrandMark';
import { LangSelect } from '../../shared/LangSelect';
import { StatusBadge } from '../../shared/StatusBadge';
import { WarningTip } from '../../shared/WarningTip';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../../stores/session';
import { ApplyLinkDialog } from '../auth/ApplyLinkDialog';
import { SelectEnterpriseDialog } from '../auth/SelectEnterpriseDialog';
import { avatarColour, avatarText, enterpriseDisplayName, enterpriseStatus } from '../auth/enterpriseDisplay';
import { useSessionEnterprises } from '../auth/queries';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import './identify.css';

const AUTH_SUBMITTED = 1;

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

/**
 * Where an account without a certified enterprise lands (spec 4): what certification brings, where its
 * link applications stand, and the ways on: switch or link an enterprise, or log out. `?mode=new` is the
 * entry for certifying an additional enterprise from the console.
 */
export default function IdentifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const userInfo = useSession((s) => s.userInfo);
  const confirmLogout = useLogoutConfirm();
  const enterprisesQuery = useSessionEnterprises(true);
  const [switching, setSwitching] = useState(false);
  const [applying, setApplying] = useState(false);
  useDocumentTitle(t('identify.title'));

  const enterprises = enterprisesQuery.data ?? [];
  const certified = Boolean(userInfo?.enterpriseDid);
  const newMode = certified && searchParams.get('mode') === 'new';
  const submitted = !newMode && userInfo?.authStatus === AUTH_SUBMITTED;
  const variant = newMode ? 'new' : submitted ? 'submitted' : 'none';
  const hasUsable = enterprises.some((e) => enterpriseStatus(e) === 'usable');
  const atLimit = enterprises.length >= LIMITS.enterprisesPerAccount;

  const onSwitch = () => (hasUsable ? setSwitching(true) : setApplying(true));

  return (
    <div className="identify-page" data-testid="identify-page">
      <header className="identify-header">
        <Link to="/homePage" className="identify-logo">
          <BrandMark size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="identify-header-right">
          <LangSelect />
          {userInfo && <span className="identify-user">{userInfo.username}</span>}
          <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="identify-logout">
            {t('identify.actions.logout')}
          </Button>
        </div>
      </header>

      <main className="identify-main">
        <Card className="th-card identify-card">
          <div className="identify-hero">
            <span className="identify-hero-icon">
              <SafetyCertificateOutlined />
            </span>
            <div>
              <h1 data-testid="identify-headline">{t(`identify.headline.${variant}`)}</h1>
              <p>{t(`identify.description.${variant}`)}</p>
            </div>
          </div>

          {newMode && atLimit && (
            <div className="identify-alert">
              <WarningTip>{t('identify.limitReached', { max: LIMITS.enterprisesPerAccount })}</WarningTip>
            </div>
          )}

          <Steps
            className="identify-steps"
            current={submitted ? 2 : 0}
            size="small"
            items={[
              { title: t('identify.steps.submit') },
              { title: t('identify.steps.thirdParty') },
              { title: t('identify.steps.audit') },
              { title: t('identify.steps.did') },
            ]}
          />

          <div className="identify-columns">
            <section>
              <h2>{t('identify.benefits.title')}</h2>
              <ul className="identify-benefits">
                {[
                  t('identify.benefits.did'),
                  t('identify.benefits.evidence'),
                  t('identify.benefits.console'),
                ].map((text) => (
                  <li key={text}>
                    <CheckCircleOutlined /> {text}
                  </li>
                ))}
              </ul>
            </section>
            <section>
              <h2>{t('identify.enterprises.title')}</h2>
              {enterprisesQuery.isPending ? (
                <Spin />
              ) : enterprises.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('identify.enterprises.empty')} />
              ) : (
                <ul className="identify-enterprises">
                  {enterprises.map((item, index) => (
                    <EnterpriseStatusRow
                      key={item.id}
                      item={item}
                      index={index}
                      current={item.enterpriseUuid === userInfo?.enterpriseUuid}
                    />
                  ))}
                </ul>
              )}
            </section>
          </div>

          <Space className="identify-actions" wrap>
            {newMode ? (
              <Button type="primary" onClick={() => void navigate('/home')}>
                {t('identify.actions.backToConsole')}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={hasUsable ? <SwapOutlined /> : <PlusOutlined />}
                onClick={onSwitch}
                data-testid="identify-switch"
              >
                {hasUsable ? t('identify.actions.switch') : t('identify.actions.applyLink')}
              </Button>
            )}
            <Button icon={<LogoutOutlined />} onClick={confirmLogout}>
              {t('identify.actions.logout')}
            </Button>
          </Space>
        </Card>
      </main>

      <SelectEnterpriseDialog mode="switch" open={switching} onClose={() => setSwitching(false)} />
      <ApplyLinkDialog
        open={applying}
        onClose={() => setApplying(false)}
        onSubmitted={() => void enterprisesQuery.refetch()}
      />
    </div>
  );
}
