import {
  ZMaterialRelationImportRow,
  type TBilingual,
  type TMaterialRelationEndpoints,
  type TMaterialRelationImportRow,
  type TOwnItem,
  type TParsed,
  type TRelationDirection,
} from '@tracehub/contract';
import type { Exporter } from '../../platform/imports/export.ts';
import { defineImporter, type Importer } from '../../platform/imports/importer.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { EVIDENCE, materialRelationEvidence } from '../../platform/ledger/subjects.ts';
import { runListRows } from '../../platform/list-query.ts';
import { partnersByCode } from '../partner/public.ts';
import { ownItemsByRef, ownRef } from './own-items.ts';
import { insertRelations, relationKeyAt, relationListQuery, type RelationRow } from './repo.ts';

// Bulk import and export of material code mappings, one pair per direction. A row names its partner by code
// and name (matched to the enterprise's partner of that code, whose name is then kept); the natural key is
// partner code and material number. The own side is linked afterwards on the link page; exports show it.

type Row = TMaterialRelationImportRow;

const WORDS: Readonly<
  Record<TRelationDirection, { title: TBilingual; partner: TBilingual; own: TBilingual }>
> = {
  supplier: {
    title: { zh: '供应商物料编码映射', en: 'Supplier material code mappings' },
    partner: { zh: '供应商', en: 'Supplier' },
    own: { zh: '本企业物料', en: 'Own material' },
  },
  client: {
    title: { zh: '客户物料编码映射', en: 'Client material code mappings' },
    partner: { zh: '客户', en: 'Client' },
    own: { zh: '本企业产品/物料', en: 'Own product/material' },
  },
};

function columnsOf(direction: TRelationDirection) {
  const p = WORDS[direction].partner;
  return {
    partnerCode: { zh: `${p.zh}编码`, en: `${p.en} code` },
    partnerName: { zh: `${p.zh}名称`, en: `${p.en} name` },
    partnerMaterialNo: { zh: `${p.zh}物料号`, en: `${p.en} material number` },
    partnerMaterialName: { zh: `${p.zh}物料名称`, en: `${p.en} material name` },
    notes: { zh: '备注', en: 'Notes' },
  } as const;
}

function relationImporter(direction: TRelationDirection): Importer<Row> {
  const c = columnsOf(direction);
  return defineImporter<Row>({
    kind: direction === 'supplier' ? 'materialRelation' : 'customMaterialRelation',
    title: WORDS[direction].title,
    columns: [
      { key: 'partnerCode', ...c.partnerCode, example: direction === 'supplier' ? 'SUP-001' : 'CUS-001' },
      { key: 'partnerName', ...c.partnerName, example: '华东新材料科技有限公司' },
      { key: 'partnerMaterialNo', ...c.partnerMaterialNo, example: 'HD-NCM-811' },
      { key: 'partnerMaterialName', ...c.partnerMaterialName, example: '三元正极材料 / NCM cathode' },
      { key: 'notes', ...c.notes, example: '' },
    ],
    schema: ZMaterialRelationImportRow,
    naturalKey: (row) => [row.partnerCode, row.partnerMaterialNo],
    existingKeys: (ctx, keys) =>
      existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, relationKeyAt(direction), keys),
    async insertRows(ctx, rows) {
      const partners = await partnersByCode(
        ctx.db,
        ctx.tenant,
        direction,
        rows.map((r) => r.partnerCode),
      );
      const inserted = await insertRelations(
        ctx.db,
        ctx.tenant,
        direction,
        rows.map((r) => {
          const partner = partners.get(r.partnerCode);
          return {
            partnerId: partner?.id ?? null,
            partnerCode: r.partnerCode,
            partnerName: partner?.name ?? r.partnerName,
            partnerMaterialNo: r.partnerMaterialNo,
            partnerMaterialName: r.partnerMaterialName,
            notes: r.notes,
          };
        }),
      );
      await appendEvidenceBatch(
        ctx.db,
        ctx.keys,
        inserted.map((row) =>
          materialRelationEvidence(EVIDENCE.materialRelationCreated, { ...row, own: null }),
        ),
      );
    },
  });
}

/** An exported mapping: the row and its linked own item. */
type ExportRow = RelationRow & { own: TOwnItem | null };

function relationExporter(
  direction: TRelationDirection,
): Exporter<TParsed<TMaterialRelationEndpoints['export']>, ExportRow> {
  const c = columnsOf(direction);
  const own = WORDS[direction].own;
  return {
    title: WORDS[direction].title,
    columns: [
      { ...c.partnerCode, value: (row) => row.partnerCode },
      { ...c.partnerName, value: (row) => row.partnerName },
      { ...c.partnerMaterialNo, value: (row) => row.partnerMaterialNo },
      { ...c.partnerMaterialName, value: (row) => row.partnerMaterialName },
      { zh: `${own.zh}编码`, en: `${own.en} code`, value: (row) => row.own?.code ?? '' },
      { zh: `${own.zh}名称`, en: `${own.en} name`, value: (row) => row.own?.name ?? '' },
      { zh: '批次号', en: 'Batch number', value: (row) => row.own?.batchNo ?? '' },
      { ...c.notes, value: (row) => row.notes },
      { zh: '创建时间', en: 'Created', value: (row, f) => f.dateTime(row.createdAt.getTime()) },
    ],
    async rows(db, tenant, filters, limit) {
      const rows = await runListRows(db, relationListQuery(tenant, direction, filters), limit);
      const items = await ownItemsByRef(db, tenant, rows);
      return rows.map((row) => {
        const ref = row.materialId
          ? ownRef('material', row.materialId)
          : row.productId
            ? ownRef('product', row.productId)
            : null;
        return { ...row, own: ref ? (items.get(ref) ?? null) : null };
      });
    },
  };
}

/** The importer (declared once per kind) and exporter of each direction. */
export const RELATION_TRANSFER = {
  supplier: { importer: relationImporter('supplier'), exporter: relationExporter('supplier') },
  client: { importer: relationImporter('client'), exporter: relationExporter('client') },
} as const;
