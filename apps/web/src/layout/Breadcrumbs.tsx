import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeOutlined } from '@ant-design/icons';
import { pickLangText, useLang } from '../i18n';
import { breadcrumbTrail, firstPagePath, type TRouteMatch } from '../app/menuRoutes';

/** Breadcrumb of the current page from its menu trail; ancestors link to their first page. */
export function Breadcrumbs({ match }: { match: TRouteMatch | null }) {
  const lang = useLang();
  const { t } = useTranslation();
  const trail = match ? breadcrumbTrail(match.route) : [];
  const isHome = trail.length === 1 && trail[0]?.affix;
  const items = [
    ...(isHome
      ? []
      : [
          {
            key: 'home',
            title: (
              <Link to="/home">
                <HomeOutlined /> {t('layout.breadcrumb.home')}
              </Link>
            ),
          },
        ]),
    ...trail.map((node, index) => {
      const title = pickLangText(lang, node.title, node.titleEn);
      const target = index < trail.length - 1 ? firstPagePath(node) : null;
      return { key: String(node.id), title: target ? <Link to={target}>{title}</Link> : title };
    }),
  ];
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
