import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { ErrorView, type TErrorCode } from './ErrorView';
import './errors.css';

/** The public /404, /403 and /401 pages (spec 2.1). */
export default function ErrorPage({ code }: { code: TErrorCode }) {
  const { t } = useTranslation();
  const titles = {
    404: t('errors.notFound.title'),
    403: t('errors.forbidden.title'),
    401: t('errors.unauthorized.title'),
  };
  useDocumentTitle(titles[code]);
  return (
    <div className="error-page">
      <ErrorView code={code} />
    </div>
  );
}
