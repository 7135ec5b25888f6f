import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DRILL_ROUTES,
  materialsPath,
  productsPath,
  type TMaterialRef,
  type TProductRef,
  type TProjectRef,
} from './drill';

/** A product or lot in a few words: its code with its VIN/SN or batch. */
const nameOf = (code: string, lot: string) => [code, lot].filter(Boolean).join(' / ');

/**
 * Where the drill-down stands: project data > project > product or VIN/SN > material lot, each level above
 * the current one a link back to its list as it was chosen.
 */
export function DrillTrail({
  project,
  product,
  material,
}: {
  project?: TProjectRef;
  product?: TProductRef;
  material?: TMaterialRef;
}) {
  const { t } = useTranslation();
  const levels = [
    { key: 'projects', title: t('dataManagement.trail.projects'), to: DRILL_ROUTES.dataList },
    ...(project
      ? [
          {
            key: 'project',
            title: t('dataManagement.trail.project', { code: project.project }),
            to: productsPath(project),
          },
        ]
      : []),
    ...(project && product
      ? [
          {
            key: 'product',
            title: t('dataManagement.trail.product', {
              name: nameOf(product.code, product.vinSn || product.batchNo),
            }),
            to: materialsPath(project, product),
          },
        ]
      : []),
    ...(material
      ? [
          {
            key: 'material',
            title: t('dataManagement.trail.material', { name: nameOf(material.itemCode, material.batchNo) }),
            to: '',
          },
        ]
      : []),
  ];
  return (
    <Breadcrumb
      className="dm-trail"
      data-testid="dm-trail"
      items={levels.map((level, i) => ({
        key: level.key,
        title: i < levels.length - 1 ? <Link to={level.to}>{level.title}</Link> : level.title,
      }))}
    />
  );
}
