/*
 * Where the drill-down is (spec 2.2 /dataManagement: dataList -> vinsnList -> materialList -> supplier):
 * each level's page reads its subject from the query string, which also carries the levels above it, so
 * that the trail can link back to them and a shared link or a restored tab opens the same list.
 */

export const DRILL_ROUTES = {
  dataList: '/dataManagement/dataList',
  vinsnList: '/dataManagement/vinsnList',
  materialList: '/dataManagement/materialList',
  supplier: '/dataManagement/supplier',
} as const;

/** The project chosen on the first level. */
export interface TProjectRef {
  projectCodeId: string;
  project: string;
}

/** The product lot or VIN/SN chosen on the second level. */
export interface TProductRef {
  code: string;
  batchNo: string;
  vinSn: string;
}

/** The material lot chosen on the third level. */
export interface TMaterialRef {
  itemCode: string;
  batchNo: string;
}

const query = (values: Record<string, string>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const productsPath = (p: TProjectRef) => `${DRILL_ROUTES.vinsnList}${query({ ...p })}`;

/** The materials page: its list request is the product's itemCode / batchNo / vinSn. */
export const materialsPath = (p: TProjectRef, product: TProductRef) =>
  `${DRILL_ROUTES.materialList}${query({
    ...p,
    itemCode: product.code,
    batchNo: product.batchNo,
    vinSn: product.vinSn,
  })}`;

/** The suppliers page: its list request is the material lot; the product rides along as pCode / pBatch / pVin. */
export const suppliersPath = (p: TProjectRef, product: TProductRef, material: TMaterialRef) =>
  `${DRILL_ROUTES.supplier}${query({
    ...p,
    pCode: product.code,
    pBatch: product.batchNo,
    pVin: product.vinSn,
    itemCode: material.itemCode,
    batchNo: material.batchNo,
  })}`;

const get = (params: URLSearchParams, key: string) => params.get(key) ?? '';

export const projectOf = (params: URLSearchParams): TProjectRef => ({
  projectCodeId: get(params, 'projectCodeId'),
  project: get(params, 'project'),
});

/** The product of the materials page (its own request keys) or of the suppliers page (the p* keys). */
export const productOf = (params: URLSearchParams, onSuppliersPage: boolean): TProductRef =>
  onSuppliersPage
    ? { code: get(params, 'pCode'), batchNo: get(params, 'pBatch'), vinSn: get(params, 'pVin') }
    : { code: get(params, 'itemCode'), batchNo: get(params, 'batchNo'), vinSn: get(params, 'vinSn') };

export const materialOf = (params: URLSearchParams): TMaterialRef => ({
  itemCode: get(params, 'itemCode'),
  batchNo: get(params, 'batchNo'),
});
