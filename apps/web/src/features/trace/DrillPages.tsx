import { useMemo } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceList } from '../../shared/list/ResourceList';
import { DRILL_ROUTES, materialOf, productOf, projectOf, type TProductRef, type TProjectRef } from './drill';
import { DrillTrail } from './DrillTrail';
import {
  materialDataResource,
  productDataResource,
  projectDataResource,
  supplierTierResource,
} from './resources';
import { SupplierChain } from './SupplierChain';
import './dataManagement.css';

// The four pages of /dataManagement (spec 2.2): each shows the trail of the levels above it and its list.

/** A level opened without its subject in the query: say so and lead back to the first level. */
function MissingChoice({ level }: { level: 'vinsnList' | 'supplier' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="dm-page" data-testid="dm-missing-choice">
      <Result
        status="info"
        title={t('dataManagement.missing.title')}
        subTitle={t(`dataManagement.missing.${level}`)}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(DRILL_ROUTES.dataList)}
            data-testid="dm-back-to-projects"
          >
            {t('dataManagement.missing.back')}
          </Button>
        }
      />
    </div>
  );
}

/** Level 1: project data. */
export function DataListPage() {
  return (
    <div className="dm-page">
      <ResourceList resource={projectDataResource} />
    </div>
  );
}

/** Level 2: the products and VINs/SNs of the project in the query. */
export function VinsnListPage() {
  const [params] = useSearchParams();
  const project = projectOf(params);
  const { projectCodeId, project: code } = project;
  const resource = useMemo(
    () => productDataResource({ projectCodeId, project: code }),
    [projectCodeId, code],
  );
  if (!projectCodeId) return <MissingChoice level="vinsnList" />;
  return (
    <div className="dm-page">
      <DrillTrail project={project} />
      <ResourceList resource={resource} />
    </div>
  );
}

/** Level 3: the material lots of the product lot or VIN/SN in the query. */
export function MaterialListPage() {
  const [params] = useSearchParams();
  const project = projectOf(params);
  const product = productOf(params, false);
  // One text of the context, so the declaration is made again only when the place changes.
  const context = JSON.stringify([project, product]);
  const resource = useMemo(() => {
    const [p, q] = JSON.parse(context) as [TProjectRef, TProductRef];
    return materialDataResource(p, q);
  }, [context]);
  return (
    <div className="dm-page">
      <DrillTrail project={project} product={product} />
      <ResourceList resource={resource} />
    </div>
  );
}

/** Level 4: the related suppliers of the material lot in the query, tier by tier. */
export function SupplierPage() {
  const [params] = useSearchParams();
  const project = projectOf(params);
  const product = productOf(params, true);
  const material = materialOf(params);
  if (!material.itemCode || !material.batchNo) return <MissingChoice level="supplier" />;
  return (
    <div className="dm-page">
      <DrillTrail project={project} product={product} material={material} />
      <SupplierChain material={material} />
      <ResourceList resource={supplierTierResource} />
    </div>
  );
}
