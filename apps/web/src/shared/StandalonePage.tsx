import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';
import { LangSelect } from './LangSelect';
import './standalonePage.css';

/**
 * A page outside the console's menu (certification, the failed-transfer log): the brand linking home, the
 * language, the page's own header items, and its content below.
 */
export function StandalonePage({
  home,
  actions,
  width = 'narrow',
  testId,
  children,
}: {
  home: string;
  /** Header items right of the language select. */
  actions?: ReactNode;
  /** narrow: 1080 px for forms; wide: 1440 px for lists. */
  width?: 'narrow' | 'wide';
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="standalone-page" data-testid={testId}>
      <header className="standalone-header">
        <Link to={home} className="standalone-logo">
          <BrandMark size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="standalone-header-right">
          <LangSelect />
          {actions}
        </div>
      </header>
      <main className={`standalone-main standalone-main-${width}`}>{children}</main>
    </div>
  );
}
