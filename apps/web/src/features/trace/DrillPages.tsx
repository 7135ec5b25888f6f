import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../shared/list/ResourceList';
import { materialOf, productOf, projectOf, type TProductRef, type TProjectRef } from './drill';
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
  return (
    <div className="dm-page">
      <DrillTrail project={project} product={product} material={material} />
      <SupplierChain material={material} />
      <ResourceList resource={supplierTierResource} />
    </div>
  );
}
