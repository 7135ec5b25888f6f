import type { ReactNode } from 'react';
import { Button } from 'antd';
import {
  ApartmentOutlined,
  ArrowRightOutlined,
  AuditOutlined,
  FileProtectOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/BrandMark';
import { LangSelect } from '../../shared/LangSelect';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../../stores/session';
import { HeroIllustration } from './HeroIllustration';
import './home.css';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="home-feature">
      <span className="home-feature-icon">{icon}</span>
      <h3>{title}</h3>
      <p>{text}</p>
    </div>
  );
}

/** The public landing page (spec 2.1 /homePage): what the console does, and the way in. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(useSession((s) => s.token));
  useDocumentTitle(t('home.title'));

  const stats = [
    [t('home.stats.stagesValue'), t('home.stats.stages')],
    [t('home.stats.levelsValue'), t('home.stats.levels')],
    [t('home.stats.companiesValue'), t('home.stats.companies')],
    [t('home.stats.languagesValue'), t('home.stats.languages')],
  ];
  const steps = [
    [t('home.steps.registerTitle'), t('home.steps.registerText')],
    [t('home.steps.certifyTitle'), t('home.steps.certifyText')],
    [t('home.steps.recordTitle'), t('home.steps.recordText')],
  ];

  return (
    <div className="home-page">
      <header className="home-header">
        <Link to="/homePage" className="home-logo">
          <BrandMark size={34} />
          <span>{t('common.productName')}</span>
        </Link>
        <nav className="home-nav">
          <Button type="text" onClick={() => void navigate('/verify')} data-testid="home-verify">
            {t('home.nav.verify')}
          </Button>
          <LangSelect />
          {signedIn ? (
            <Button type="primary" onClick={() => void navigate('/home')}>
              {t('home.nav.console')}
            </Button>
          ) : (
            <>
              <Button type="text" onClick={() => void navigate('/login')} data-testid="home-sign-in">
                {t('home.nav.signIn')}
              </Button>
              <Button type="primary" onClick={() => void navigate('/register')}>
                {t('home.nav.register')}
              </Button>
            </>
          )}
        </nav>
      </header>

      <section className="home-hero">
        <div className="home-hero-text">
          <span className="home-eyebrow">{t('home.hero.eyebrow')}</span>
          <h1>{t('home.hero.headline')}</h1>
          <p>{t('home.hero.description')}</p>
          <div className="home-hero-actions">
            <Button
              type="primary"
              size="large"
              icon={<ArrowRightOutlined />}
              iconPlacement="end"
              onClick={() => void navigate(signedIn ? '/home' : '/login')}
            >
              {signedIn ? t('home.nav.console') : t('home.hero.primary')}
            </Button>
            {!signedIn && (
              <Button size="large" onClick={() => void navigate('/register')}>
                {t('home.hero.secondary')}
              </Button>
            )}
          </div>
        </div>
        <HeroIllustration />
      </section>

      <section className="home-stats">
        {stats.map(([value, label]) => (
          <div key={label} className="home-stat">
            <strong>{value}</strong>
            <span>{label}</span>
          </div>
        ))}
      </section>

      <section className="home-section">
        <h2>{t('home.features.title')}</h2>
        <div className="home-features">
          <Feature
            icon={<NodeIndexOutlined />}
            title={t('home.features.traceTitle')}
            text={t('home.features.traceText')}
          />
          <Feature
            icon={<FileProtectOutlined />}
            title={t('home.features.chainTitle')}
            text={t('home.features.chainText')}
          />
          <Feature
            icon={<SafetyCertificateOutlined />}
            title={t('home.features.complianceTitle')}
            text={t('home.features.complianceText')}
          />
          <Feature
            icon={<ApartmentOutlined />}
            title={t('home.features.networkTitle')}
            text={t('home.features.networkText')}
          />
          <Feature
            icon={<AuditOutlined />}
            title={t('home.features.checkTitle')}
            text={t('home.features.checkText')}
          />
          <Feature
            icon={<TeamOutlined />}
            title={t('home.features.teamTitle')}
            text={t('home.features.teamText')}
          />
        </div>
      </section>

      <section className="home-section home-steps-section">
        <h2>{t('home.steps.title')}</h2>
        <ol className="home-steps">
          {steps.map(([title, text], index) => (
            <li key={title}>
              <span className="home-step-number">{index + 1}</span>
              <div>
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <footer className="home-footer">{t('home.footer')}</footer>
    </div>
  );
}
