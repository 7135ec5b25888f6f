import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccessReason } from './AccessReason';

export type TErrorCode = 404 | 403 | 401;

/**
 * The 404/403/401 message with a way home; `embedded` when drawn inside the console layout, where a 403 also
 * says which roles the member has and whom to ask.
 */
export function ErrorView({ code, embedded = false }: { code: TErrorCode; embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const texts = {
    404: { title: t('errors.notFound.title'), description: t('errors.notFound.description') },
    403: { title: t('errors.forbidden.title'), description: t('errors.forbidden.description') },
    401: { title: t('errors.unauthorized.title'), description: t('errors.unauthorized.description') },
  }[code];
  return (
    <div className={embedded ? 'error-view embedded' : 'error-view'} data-testid={`error-${code}`}>
      <Result
        status={code === 401 ? 403 : code}
        title={<span className="error-view-code">{code}</span>}
        subTitle={
          <>
            <div className="error-view-title">{texts.title}</div>
            {code === 403 && embedded ? (
              <>
                <div>{t('errors.forbidden.embedded')}</div>
                <AccessReason kind="forbidden" />
              </>
            ) : (
              <div>{texts.description}</div>
            )}
          </>
        }
        extra={
          <Button type="primary" onClick={() => void navigate('/home')}>
            {t('common.actions.backHome')}
          </Button>
        }
      />
    </div>
  );
}
