import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled } from '@ant-design/icons';
import { BrandMark } from '../../shared/BrandMark';
import { LangSelect } from '../../shared/LangSelect';
import './auth.css';

/** Two columns: the brand panel with the product's promise, and the form. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const features = [
    t('auth.brand.featureChain'),
    t('auth.brand.featureCompliance'),
    t('auth.brand.featureNetwork'),
  ];
  return (
    <div className="auth-shell">
      <aside className="auth-brand">
        <Link to="/homePage" className="auth-brand-logo">
          <BrandMark size={40} />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="auth-brand-body">
          <h2>{t('auth.brand.headline')}</h2>
          <p>{t('auth.brand.intro')}</p>
          <ul>
            {features.map((feature) => (
              <li key={feature}>
                <CheckCircleFilled /> {feature}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-footer">{t('auth.brand.copyright')}</div>
        <svg className="auth-brand-network" viewBox="0 0 400 300" aria-hidden="true">
          <g stroke="rgba(255,255,255,0.28)" strokeWidth="1.5" fill="none">
            <path d="M40 240 L130 170 L220 210 L300 120 L370 160" />
            <path d="M130 170 L160 80 L300 120" />
            <path d="M220 210 L250 280" />
            <path d="M160 80 L240 40" />
          </g>
          <g fill="rgba(255,255,255,0.55)">
            <circle cx="40" cy="240" r="5" />
            <circle cx="130" cy="170" r="7" />
            <circle cx="220" cy="210" r="6" />
            <circle cx="300" cy="120" r="8" />
            <circle cx="370" cy="160" r="5" />
            <circle cx="160" cy="80" r="5" />
            <circle cx="250" cy="280" r="4" />
            <circle cx="240" cy="40" r="4" />
          </g>
        </svg>
      </aside>
      <main className="auth-main">
        <div className="auth-topbar">
          <LangSelect />
        </div>
        <div className="auth-form-wrap">{children}</div>
      </main>
    </div>
  );
}
