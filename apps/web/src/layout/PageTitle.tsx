import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLangText, useLang } from '../i18n';
import { backTarget, type TPageRoute } from '../app/menuRoutes';
import { pageEntry } from '../app/pages';
import { useTabs } from '../stores/tabs';
import { withCacheFlag } from '../shared/cacheFlag';

/**
 * Title and description of a page in the current language (spec 2.5), with a back button on pages flagged
 * `back`. Back returns to the ancestor page's tab as it was left, when that tab is still open.
 */
export function PageTitle({ route }: { route: TPageRoute }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const title = pickLangText(lang, route.node.title, route.node.titleEn);
  const descriptionKey = pageEntry(route.name)?.description;

  const goBack = () => {
    const target = backTarget(route);
    if (!target) {
      void navigate(-1);
      return;
    }
    const tab = useTabs.getState().tabs.find((candidate) => candidate.pattern === target);
    void navigate(tab ? withCacheFlag(tab.fullPath) : target);
  };

  return (
    <div className="page-title" data-testid="page-title">
      {route.node.back && (
        <Button
          className="page-title-back"
          icon={<ArrowLeftOutlined />}
          onClick={goBack}
          data-testid="page-back"
        >
          {t('common.actions.back')}
        </Button>
      )}
      <div className="page-title-text">
        <h1>{title}</h1>
        {descriptionKey && <p>{t(descriptionKey)}</p>}
      </div>
    </div>
  );
}
