import { randomUUID } from 'node:crypto';
import {
  ZProductImportRow,
  validationMessage,
  type api,
  type TParsed,
  type TProductImportRow,
} from '@tracehub/contract';
import { decimalText } from '../../platform/decimal.ts';
import type { Exporter } from '../../platform/imports/export.ts';
import { defineImporter, type PreparedRow } from '../../platform/imports/importer.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { runListRows } from '../../platform/list-query.ts';
import { currentFootprints } from '../carbon/public.ts';
import { productEvidence } from './evidence.ts';
import {
  enterpriseDid,
  PRODUCT_KEY,
  insertProductMaterials,
  insertProducts,
  materialIdsByCode,
  materialsOf,
  productKey,
  productListQuery,
  projectCodeIds,
  projectNosOf,
  type ProductRow,
  type ProductValues,
} from './repo.ts';
import { productDid, productValues } from './service.ts';

// Bulk import and export of products: the template's columns are the create call's fields with the project
// code by its code and the tracing materials by their codes (comma-separated); the natural key is code +
// batch number + VIN/SN; each imported product is recorded as evidence.

const TITLE = { zh: '产品', en: 'Products' };
const H = {
  name: { zh: '产品名称', en: 'Product name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  code: { zh: '产品编码', en: 'Product code' },
  batchNo: { zh: '批次号', en: 'Batch number' },
  vinSn: { zh: '车架号/序列号', en: 'VIN/SN' },
  spec: { zh: '描述/规格', en: 'Description/specification' },
  unit: { zh: '单位', en: 'Unit' },
  weight: { zh: '重量（kg）', en: 'Weight (kg)' },
  projectNo: { zh: '项目编号', en: 'Project code' },
  materialCodes: { zh: '溯源物料编码', en: 'Tracing material codes' },
} as const;

/** A valid row with its references resolved to ids. */
interface PreparedProduct {
  values: ProductValues;
  projectNo: string | null;
  materialIds: number[];
}

export const productImporter = defineImporter<TProductImportRow, PreparedProduct>({
  kind: 'product',
  title: TITLE,
  columns: [
    { key: 'name', ...H.name, example: '动力电池包' },
    { key: 'nameEn', ...H.nameEn, example: 'Traction battery pack' },
    { key: 'code', ...H.code, example: 'BP-75KWH' },
    { key: 'batchNo', ...H.batchNo, example: 'B20260115' },
    { key: 'vinSn', ...H.vinSn, example: 'SN-0001' },
    { key: 'spec', ...H.spec, example: '75 kWh / 400 V' },
    { key: 'unit', ...H.unit, example: { zh: '套', en: 'set' } },
    { key: 'weight', ...H.weight, example: '452.5' },
    { key: 'projectNo', ...H.projectNo, example: 'PRJ-2026-001' },
    { key: 'materialCodes', ...H.materialCodes, example: 'CELL-001,BMS-002' },
  ],
  schema: ZProductImportRow,
  naturalKey: productKey,
  existingKeys: (ctx, keys) => existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, PRODUCT_KEY, keys),
  /** The project code and every material code must be the enterprise's; a row naming an unknown one fails. */
  async prepareRows(ctx, rows): Promise<PreparedRow<PreparedProduct>[]> {
    const projects = await projectCodeIds(ctx.db, ctx.tenant, [
      ...new Set(rows.map((r) => r.projectNo).filter(Boolean)),
    ]);
    const materials = await materialIdsByCode(ctx.db, ctx.tenant, [
      ...new Set(rows.flatMap((r) => r.materialCodes)),
    ]);
    return rows.map((row) => {
      const reasons: string[] = [];
      const projectCodeId = row.projectNo ? projects.get(row.projectNo) : null;
      if (projectCodeId === undefined) {
        reasons.push(validationMessage('v.product.projectUnknown', ctx.lang, { code: row.projectNo }));
      }
      const unknown = row.materialCodes.filter((code) => !materials.has(code));
      if (unknown.length) {
        const codes = unknown.join(ctx.lang === 'zh' ? '，' : ', ');
        reasons.push(validationMessage('v.product.materialsUnknown', ctx.lang, { codes }));
      }
      if (reasons.length || projectCodeId === undefined) return { reasons };
      return {
        row: {
          values: productValues({ ...row, projectCodeId }),
          projectNo: row.projectNo || null,
          materialIds: [...new Set(row.materialCodes.flatMap((code) => materials.get(code) ?? []))],
        },
      };
    });
  },
  async insertRows(ctx, rows) {
    const did = await enterpriseDid(ctx.db, ctx.tenant);
    const byUuid = new Map<string, PreparedProduct>(rows.map((r) => [randomUUID(), r]));
    const inserted = await insertProducts(
      ctx.db,
      ctx.tenant,
      [...byUuid].map(([uuid, r]) => ({ ...r.values, uuid, did: productDid(did, uuid) })),
    );
    const prepared = (row: ProductRow) => byUuid.get(row.uuid)!;
    await insertProductMaterials(
      ctx.db,
      ctx.tenant,
      inserted.flatMap((row) =>
        prepared(row).materialIds.map((materialId) => ({ productId: row.id, materialId })),
      ),
    );
    await appendEvidenceBatch(
      ctx.db,
      ctx.keys,
      inserted.map((row) => productEvidence(EVIDENCE.productCreated, row, prepared(row))),
    );
  },
});

/** A product as its export row shows it. */
type ExportRow = Omit<ProductRow, 'enterpriseUuid' | 'createdBy'> & {
  projectNo: string;
  materialCodes: string;
  carbon: string;
};

export const productExporter: Exporter<TParsed<typeof api.product.export>, ExportRow> = {
  title: TITLE,
  columns: [
    { ...H.name, value: (r) => r.name },
    { ...H.nameEn, value: (r) => r.nameEn },
    { ...H.code, value: (r) => r.code },
    { ...H.batchNo, value: (r) => r.batchNo },
    { ...H.vinSn, value: (r) => r.vinSn },
    { ...H.spec, value: (r) => r.spec },
    { ...H.unit, value: (r) => r.unit },
    { ...H.weight, value: (r) => decimalText(r.weight) ?? '' },
    { ...H.projectNo, value: (r) => r.projectNo },
    { ...H.materialCodes, value: (r) => r.materialCodes },
    { zh: '碳足迹（kgCO2e）', en: 'Carbon footprint (kgCO2e)', value: (r) => r.carbon },
    { zh: '数字身份（DID）', en: 'DID', value: (r) => r.did ?? '' },
    { zh: '创建时间', en: 'Created', value: (r, format) => format.dateTime(r.createdAt.getTime()) },
  ],
  async rows(db, tenant, filters, limit) {
    const rows = await runListRows(db, productListQuery(tenant, filters), limit);
    const ids = rows.map((r) => r.id);
    const materials = await materialsOf(db, ids);
    const projectNos = await projectNosOf(
      db,
      tenant,
      rows.flatMap((r) => (r.projectCodeId === null ? [] : [r.projectCodeId])),
    );
    const carbon = await currentFootprints(db, ids);
    return rows.map((r) => ({
      ...r,
      projectNo: r.projectCodeId === null ? '' : (projectNos.get(r.projectCodeId) ?? ''),
      materialCodes: [...new Set((materials.get(r.id) ?? []).map((m) => m.code))].join(','),
      carbon: decimalText(carbon.get(r.id)?.result ?? null) ?? '',
    }));
  },
};
