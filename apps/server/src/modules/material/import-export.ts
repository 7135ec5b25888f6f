import {
  MATERIAL_PAGES,
  materialSchemas,
  type TBilingual,
  type TListRequestBase,
  type TMaterialCreate,
  type TMaterialNature,
} from '@tracehub/contract';
import { decimalText } from '../../platform/decimal.ts';
import { readWallClockTime, readYesNo } from '../../platform/imports/cells.ts';
import type { Exporter } from '../../platform/imports/export.ts';
import { defineImporter, type ImportColumn, type Importer } from '../../platform/imports/importer.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { EVIDENCE, materialEvidence } from '../../platform/ledger/subjects.ts';
import { runListRows } from '../../platform/list-query.ts';
import {
  insertMaterials,
  materialListQuery,
  materialValues,
  materialKey,
  materialKeyAt,
  type MaterialFilters,
  type MaterialRow,
} from './repo.ts';

// Bulk import and export of materials, one importer per nature: the template's columns are the create
// call's fields (the quality report is attached afterwards, row by row), the natural key is the code and
// batch number within the nature, and each imported material is recorded as evidence.

/** Headers and titles that differ by nature: a homemade product is stocked in by production completion. */
const WORDS: Record<
  TMaterialNature,
  Record<'title' | 'code' | 'name' | 'receiptNo' | 'receiptTime', TBilingual>
> = {
  purchased: {
    title: { zh: '外购物料', en: 'Purchased materials' },
    code: { zh: '物料编号', en: 'Material code' },
    name: { zh: '物料名称', en: 'Material name' },
    receiptNo: { zh: '采购入库单号', en: 'Receipt number' },
    receiptTime: { zh: '采购入库时间', en: 'Receipt time' },
  },
  homemade: {
    title: { zh: '自制半成品', en: 'Homemade semi-finished products' },
    code: { zh: '半成品编号', en: 'Product code' },
    name: { zh: '半成品名称', en: 'Product name' },
    receiptNo: { zh: '完工入库单号', en: 'Stock-in number' },
    receiptTime: { zh: '完工入库时间', en: 'Stock-in time' },
  },
};

const COMMON = {
  nameEn: { zh: '英文名称', en: 'English name' },
  batchNo: { zh: '批次号', en: 'Batch number' },
  tracingObject: { zh: '是否溯源对象', en: 'Tracing object' },
  weight: { zh: '重量（kg）', en: 'Weight (kg)' },
  unit: { zh: '单位', en: 'Unit' },
  supplierMaterialCode: { zh: '供应商物料编码', en: 'Supplier material code' },
  description: { zh: '描述', en: 'Description' },
  qualityReport: { zh: '质检报告', en: 'Quality inspection report' },
  createdAt: { zh: '创建时间', en: 'Created' },
} as const;

const YES_NO = { yes: { zh: '是', en: 'yes' }, no: { zh: '否', en: 'no' } } as const;

function importColumns(nature: TMaterialNature): ImportColumn[] {
  const w = WORDS[nature];
  const purchased = nature === 'purchased';
  return [
    { key: 'code', ...w.code, example: purchased ? 'M-100234' : 'S-200871' },
    {
      key: 'name',
      ...w.name,
      example: purchased
        ? { zh: '锂电池电芯', en: 'Lithium battery cell' }
        : { zh: '电池模组', en: 'Battery module' },
    },
    { key: 'nameEn', ...COMMON.nameEn, example: purchased ? 'Lithium battery cell' : 'Battery module' },
    { key: 'batchNo', ...COMMON.batchNo, example: 'B20260115' },
    { key: 'tracingObject', ...COMMON.tracingObject, example: YES_NO.yes, read: readYesNo },
    { key: 'weight', ...COMMON.weight, example: '12.5' },
    { key: 'unit', ...COMMON.unit, example: { zh: '件', en: 'pcs' } },
    ...(purchased
      ? [{ key: 'supplierMaterialCode', ...COMMON.supplierMaterialCode, example: 'SUP-778' }]
      : []),
    { key: 'receiptNo', ...w.receiptNo, example: purchased ? 'RK-20260115-01' : 'WG-20260115-01' },
    { key: 'receiptTime', ...w.receiptTime, example: '2026-01-15 10:30:00', read: readWallClockTime },
    { key: 'description', ...COMMON.description, example: '' },
  ];
}

function materialImporter(nature: TMaterialNature): Importer<TMaterialCreate> {
  return defineImporter<TMaterialCreate>({
    kind: MATERIAL_PAGES[nature].kind,
    title: WORDS[nature].title,
    columns: importColumns(nature),
    schema: materialSchemas(nature).create,
    naturalKey: materialKey,
    existingKeys: (ctx, keys) =>
      existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, materialKeyAt(nature), keys),
    async insertRows(ctx, rows) {
      const inserted = await insertMaterials(
        ctx.db,
        ctx.tenant,
        nature,
        rows.map((r) => materialValues(nature, r)),
      );
      await appendEvidenceBatch(
        ctx.db,
        ctx.keys,
        inserted.map((row) => materialEvidence(EVIDENCE.materialCreated, row)),
      );
    },
  });
}

function materialExporter(
  nature: TMaterialNature,
): Exporter<TListRequestBase & MaterialFilters, MaterialRow> {
  const w = WORDS[nature];
  const purchased = nature === 'purchased';
  return {
    title: w.title,
    columns: [
      { ...w.code, value: (row) => row.code },
      { ...w.name, value: (row) => row.name },
      { ...COMMON.nameEn, value: (row) => row.nameEn },
      { ...COMMON.batchNo, value: (row) => row.batchNo },
      {
        ...COMMON.tracingObject,
        value: (row, format) => YES_NO[row.tracingObject ? 'yes' : 'no'][format.lang],
      },
      // The exact value as a number cell (at most 13 significant digits: a double holds it exactly enough).
      { ...COMMON.weight, value: (row) => (row.weight === null ? null : Number(decimalText(row.weight))) },
      { ...COMMON.unit, value: (row) => row.unit },
      ...(purchased
        ? [{ ...COMMON.supplierMaterialCode, value: (row: MaterialRow) => row.supplierMaterialCode }]
        : []),
      { ...w.receiptNo, value: (row) => row.receiptNo },
      {
        ...w.receiptTime,
        value: (row, format) => format.dateTime(row.receiptTime ? row.receiptTime.getTime() : null),
      },
      { ...COMMON.description, value: (row) => row.description },
      { ...COMMON.qualityReport, value: (row) => row.qualityFileName ?? '' },
      { ...COMMON.createdAt, value: (row, format) => format.dateTime(row.createdAt.getTime()) },
    ],
    rows: (db, tenant, filters, limit) => runListRows(db, materialListQuery(tenant, nature, filters), limit),
  };
}

/** The importer and exporter of each nature, declared once at module load. */
export const materialTransfers = {
  purchased: { importer: materialImporter('purchased'), exporter: materialExporter('purchased') },
  homemade: { importer: materialImporter('homemade'), exporter: materialExporter('homemade') },
} as const;
