import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from 'antd';
import { CheckCircleOutlined, RightOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { administratorText, roleNamesText } from '../errors/access';
import dayjs from 'dayjs';
import type { TUserInfo } from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import { breadcrumbTrail, usePageRoutes, type TPageRoute } from '../../app/menuRoutes';
import { MenuIcon } from '../../layout/menuIcons';
import { SceneTitle } from '../../layout/SceneTitle';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../../shared/UserAvatar';
import { Dashboard } from './Dashboard';
import './workbench.css';

const AUTOMAKER_ROLE = 1;

function greetingKey(hour: number) {
  if (hour < 12) return 'workbench.greeting.morning' as const;
  if (hour < 18) return 'workbench.greeting.afternoon' as const;
  return 'workbench.greeting.evening' as const;
}

function Copyable({ text }: { text: string | null }) {
  if (!text) return <>{EMPTY_TEXT}</>;
  return (
    <Typography.Text copyable className="mono-text">
      {text}
    </Typography.Text>
  );
}

function EnterpriseCard({ userInfo }: { userInfo: TUserInfo }) {
  const { t } = useTranslation();
  const automaker = userInfo.enterpriseRole === AUTOMAKER_ROLE;
  return (
    <Card
      className="th-card"
      title={t('workbench.enterprise.title')}
      extra={
        userInfo.enterpriseDid && (
          <Tag icon={<SafetyCertificateFilled />} color="success">
            {t('workbench.enterprise.certified')}
          </Tag>
        )
      }
      data-testid="workbench-enterprise"
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        items={[
          {
            key: 'name',
            label: t('workbench.enterprise.name'),
            // The registered Chinese name is the company's own value, in every language.
            children: userInfo.enterpriseName ? (
              <span data-user-value>{userInfo.enterpriseName}</span>
            ) : (
              EMPTY_TEXT
            ),
          },
          {
            key: 'englishName',
            label: t('workbench.enterprise.englishName'),
            children: userInfo.enterpriseEnglishName || EMPTY_TEXT,
          },
          {
            key: 'did',
            label: t('workbench.enterprise.did'),
            span: 'filled',
            children: <Copyable text={userInfo.enterpriseDid} />,
          },
          {
            key: 'chain',
            label: t('workbench.enterprise.chainAccount'),
            span: 'filled',
            children: <Copyable text={userInfo.chainAccount} />,
          },
          {
            key: 'scene',
            label: t('workbench.enterprise.scene'),
            children: userInfo.scene ? <SceneTitle scene={userInfo.scene} /> : EMPTY_TEXT,
          },
          {
            key: 'role',
            label: t('workbench.enterprise.role'),
            children: (
              <>
                <Tag color={automaker ? 'blue' : 'default'}>
                  {automaker ? t('workbench.enterprise.automaker') : t('workbench.enterprise.otherRole')}
                </Tag>
                <Tag>
                  {userInfo.isEnterpriseAdmin
                    ? t('workbench.enterprise.admin')
                    : t('workbench.enterprise.member')}
                </Tag>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}

function AccountCard({ userInfo }: { userInfo: TUserInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  // What decides the pages this member sees, and whom to ask for more (issue 15, item 4).
  const roles = userInfo.isEnterpriseAdmin
    ? t('workbench.enterprise.admin')
    : roleNamesText(userInfo.access, lang) || t('workbench.account.noRole');
  const administrator = userInfo.isEnterpriseAdmin ? null : administratorText(userInfo.access, lang);
  const rows = [
    [t('workbench.account.username'), userInfo.username],
    [t('workbench.account.email'), userInfo.email || EMPTY_TEXT],
    [t('workbench.account.roles'), roles],
    ...(administrator ? [[t('workbench.account.administrator'), administrator]] : []),
    [t('workbench.account.lastLogin'), formatDateTime(userInfo.lastLoginTime)],
    [
      t('workbench.account.sessionTimeout'),
      t('workbench.account.minutes', { value: userInfo.sessionTimeoutMinutes }),
    ],
    [t('workbench.account.unread'), String(userInfo.unreadMessage)],
  ];
  return (
    <Card className="th-card" title={t('workbench.account.title')} data-testid="workbench-account">
      <dl className="workbench-kv">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function QuickLinks({ routes }: { routes: readonly TPageRoute[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const links = routes.filter((r) => !r.node.hidden && !r.node.affix && !r.path.includes(':'));
  return (
    <Card className="th-card" title={t('workbench.quickLinks.title')} data-testid="workbench-links">
      {links.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.quickLinks.empty')} />
      ) : (
        <div className="workbench-links">
          {links.map((route) => {
            const crumbs = breadcrumbTrail(route);
            const parent = crumbs.length > 1 ? crumbs[crumbs.length - 2] : undefined;
            return (
              <Link key={route.name} to={route.path} className="workbench-link" data-testid="quick-link">
                <span className="workbench-link-icon">
                  <MenuIcon name={route.node.icon || route.trail[0]?.icon || ''} />
                </span>
                <span className="workbench-link-text">
                  <strong>{pickLangText(lang, route.node.title, route.node.titleEn)}</strong>
                  {parent && <small>{pickLangText(lang, parent.title, parent.titleEn)}</small>}
                </span>
                <RightOutlined className="workbench-link-arrow" />
              </Link>
            );
          })}
        </div>
      )}
    </Card>
  );
}

function Guide({ routes, userInfo }: { routes: readonly TPageRoute[]; userInfo: TUserInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const has = (name: string) => routes.some((r) => r.name === name);
  const administrator = administratorText(userInfo.access, lang);
  // Pointers to pages the user's menu does not have would lead nowhere.
  const items = [
    !userInfo.isEnterpriseAdmin &&
      administrator &&
      t('workbench.guide.access', {
        pages: routes.filter((r) => !r.node.hidden).length,
        admin: administrator,
      }),
    has('userCenter/perbasic') && t('workbench.guide.profile'),
    has('userCenter/perfrom') && t('workbench.guide.company'),
    has('log/list') && t('workbench.guide.log'),
    t('workbench.guide.switch'),
    t('workbench.guide.language'),
  ].filter((item): item is string => Boolean(item));
  return (
    <Card className="th-card" title={t('workbench.guide.title')}>
      <ul className="workbench-guide">
        {items.map((item) => (
          <li key={item}>
            <CheckCircleOutlined /> {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The dashboard and pinned first tab (spec 2.2 /workbench). */
export default function WorkbenchPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const userInfo = useSession((s) => s.userInfo);
  const routes = usePageRoutes();
  if (!userInfo) return null;

  const name = pickLangText(lang, userInfo.chineseName, userInfo.englishName) || userInfo.username;
  const date = dayjs().format(t('workbench.greeting.dateFormat'));
  const enterpriseName = pickLangText(lang, userInfo.enterpriseName, userInfo.enterpriseEnglishName);
  return (
    <div className="workbench" data-testid="workbench">
      <section className="workbench-hero">
        <UserAvatar size={60} className="workbench-hero-avatar" fallback={name.charAt(0).toUpperCase()} />
        <div className="workbench-hero-text">
          <h1>{t(greetingKey(new Date().getHours()), { name })}</h1>
          <p>{t('workbench.greeting.subtitle', { date })}</p>
        </div>
        {enterpriseName && (
          <div className="workbench-hero-enterprise">
            <strong>{enterpriseName}</strong>
            <SceneTitle scene={userInfo.scene} />
          </div>
        )}
      </section>
      <Dashboard />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <EnterpriseCard userInfo={userInfo} />
        </Col>
        <Col xs={24} xl={8}>
          <AccountCard userInfo={userInfo} />
        </Col>
        <Col xs={24} xl={16}>
          <QuickLinks routes={routes} />
        </Col>
        <Col xs={24} xl={8}>
          <Guide routes={routes} userInfo={userInfo} />
        </Col>
      </Row>
    </div>
  );
}
