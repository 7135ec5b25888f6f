import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import {
  api,
  documentTypeByTypeCode,
  type TLang,
  type TMaterialData,
  type TProductData,
  type TSupplierTier,
  type TTraceDocument,
} from '@tracehub/contract';
import { pickLangText } from '../../i18n';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { defineResource, type TRenderContext } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { materialsPath, productsPath, suppliersPath, type TProductRef, type TProjectRef } from './drill';
import { dataManagementKeys } from './queries';

// The four lists of the drill-down as declarations of the shared list page. Each level's links carry the
// levels above it (drill.ts), so the resources of the lower levels are made for the place they show.

const keys = dataManagementKeys;

/** A document as a cell: its type's title, number and time. */
export function DocumentCell({ doc, lang }: { doc: TTraceDocument | null; lang: TLang }): ReactNode {
  if (!doc) return null;
  const def = documentTypeByTypeCode(doc.typeCode);
  return (
    <div className="dm-document">
      <Typography.Text type="secondary">{def ? def.title[lang] : doc.typeCode}</Typography.Text>
      <div className="dm-document-no">{doc.billNo}</div>
      <Typography.Text type="secondary">{formatDateTime(doc.bizTime)}</Typography.Text>
    </div>
  );
}

const settledBadge = (settled: boolean, { t }: TRenderContext) => (
  <StatusBadge colour={settled ? 'green' : 'grey'}>
    {t(settled ? 'dataManagement.settled' : 'dataManagement.unsettled')}
  </StatusBadge>
);

/** Level 1: the enterprise's project codes with their product and VIN/SN counts. */
export const projectDataResource = defineResource({
  name: 'dataManagement/dataList',
  endpoint: api.trace.projectPage,
  keys: { all: keys.all, list: keys.projects },
  rowKey: 'id',
  columns: [
    { key: 'code', label: 'dataManagement.fields.projectCode', width: 220, sortable: true },
    { key: 'productCount', label: 'dataManagement.fields.productCount', width: 120, format: 'number' },
    { key: 'vinCount', label: 'dataManagement.fields.vinCount', width: 150, format: 'number' },
    { key: 'notes', label: 'dataManagement.fields.notes', width: 260 },
    {
      key: 'createdAt',
      label: 'dataManagement.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [{ type: 'text', prop: 'code', label: 'dataManagement.fields.projectCode', basic: true }],
  rowActions: [
    {
      key: 'products',
      label: 'dataManagement.actions.products',
      to: (r) => productsPath({ projectCodeId: String(r.id), project: r.code }),
    },
  ],
});

const productRef = (r: TProductData): TProductRef => ({ code: r.code, batchNo: r.batchNo, vinSn: r.vinSn });

/** Level 2: the project's products and the VINs/SNs its documents record. */
export const productDataResource = (project: TProjectRef) =>
  defineResource({
    name: 'dataManagement/vinsnList',
    endpoint: api.trace.productPage,
    keys: { all: keys.all, list: keys.products },
    rowKey: 'key',
    routeParams: ['projectCodeId'],
    columns: [
      { key: 'code', label: 'dataManagement.fields.productCode', width: 180, sortable: true },
      {
        key: 'name',
        label: 'dataManagement.fields.productName',
        width: 200,
        render: (r, { lang }) => pickLangText(lang, r.name, r.nameEn),
      },
      { key: 'batchNo', label: 'dataManagement.fields.batchNo', width: 160, sortable: true },
      { key: 'vinSn', label: 'dataManagement.fields.vinSn', width: 200, sortable: true },
      {
        key: 'source',
        label: 'dataManagement.fields.source',
        width: 110,
        render: (r, { t }) => (
          <StatusBadge colour={r.source === 'product' ? 'blue' : 'primary'}>
            {t(`dataManagement.sources.${r.source}`)}
          </StatusBadge>
        ),
      },
    ],
    search: [
      { type: 'text', prop: 'code', label: 'dataManagement.fields.productCode', basic: true },
      { type: 'text', prop: 'vinSn', label: 'dataManagement.fields.vinSn', basic: true },
    ],
    rowActions: [
      {
        key: 'materials',
        label: 'dataManagement.actions.materials',
        to: (r) => materialsPath(project, productRef(r)),
      },
    ],
  });

/** Level 3: the material lots picked for the product lot or fitted into its VIN/SN. */
export const materialDataResource = (project: TProjectRef, product: TProductRef) =>
  defineResource({
    name: 'dataManagement/materialList',
    endpoint: api.trace.materialPage,
    keys: { all: keys.all, list: keys.materials },
    rowKey: 'key',
    routeParams: ['itemCode', 'batchNo', 'vinSn'],
    columns: [
      { key: 'itemCode', label: 'dataManagement.fields.itemCode', width: 120 },
      { key: 'itemName', label: 'dataManagement.fields.itemName', width: 120 },
      { key: 'batchNo', label: 'dataManagement.fields.batchNo', width: 120 },
      {
        key: 'quantity',
        label: 'dataManagement.fields.quantity',
        width: 90,
        render: (r: TMaterialData) => (r.quantity === null ? null : `${r.quantity} ${r.unit}`.trim()),
      },
      {
        key: 'link',
        label: 'dataManagement.fields.link',
        width: 100,
        render: (r, { t }) => (
          <StatusBadge colour={r.link === 'consumed' ? 'blue' : 'yellow'}>
            {t(`dataManagement.links.${r.link}`)}
          </StatusBadge>
        ),
      },
      {
        key: 'billNo',
        label: 'dataManagement.fields.document',
        width: 180,
        render: (r, { lang }) => (
          <DocumentCell doc={{ typeCode: r.typeCode, billNo: r.billNo, bizTime: r.bizTime }} lang={lang} />
        ),
      },
      {
        key: 'suppliers',
        label: 'dataManagement.fields.suppliers',
        width: 200,
        render: (r, ctx) =>
          r.suppliers.length === 0 ? null : (
            <div className="dm-supplier-list">
              {r.suppliers.map((s) => (
                <div key={s.code}>
                  <span>{pickLangText(ctx.lang, s.name, s.nameEn)}</span> {settledBadge(s.settled, ctx)}
                </div>
              ))}
            </div>
          ),
      },
    ],
    search: [],
    rowActions: [
      {
        key: 'suppliers',
        label: 'dataManagement.actions.suppliers',
        visible: (r) => r.batchNo !== '' && r.suppliers.length > 0,
        to: (r) => suppliersPath(project, product, { itemCode: r.itemCode, batchNo: r.batchNo }),
      },
    ],
  });

/** Level 4: the lot's suppliers, tier by tier down to the mine. */
export const supplierTierResource = defineResource({
  name: 'dataManagement/supplier',
  endpoint: api.trace.supplierPage,
  keys: { all: keys.all, list: keys.suppliers },
  rowKey: 'key',
  routeParams: ['itemCode', 'batchNo'],
  columns: [
    {
      key: 'tier',
      label: 'dataManagement.fields.tier',
      width: 110,
      render: (r, { t }) => (
        <Tag color="cyan" data-testid="supplier-tier">
          {t('dataManagement.tierLabel', { tier: r.tier })}
        </Tag>
      ),
    },
    {
      key: 'clientName',
      label: 'dataManagement.fields.client',
      width: 180,
      render: (r, { lang }) => pickLangText(lang, r.clientName, r.clientNameEn),
    },
    {
      key: 'receipt',
      label: 'dataManagement.fields.receipt',
      width: 170,
      render: (r, { lang }) => <DocumentCell doc={r.receipt} lang={lang} />,
    },
    {
      key: 'supplierName',
      label: 'dataManagement.fields.supplier',
      width: 270,
      render: (r: TSupplierTier, ctx) => (
        <div className="dm-supplier">
          <Space size={8} wrap>
            <span data-testid="supplier-name">
              {pickLangText(ctx.lang, r.supplierName, r.supplierNameEn) || EMPTY_TEXT}
            </span>
            {settledBadge(r.settled, ctx)}
          </Space>
          {r.supplierUsci && (
            <Typography.Text type="secondary">
              {ctx.t('dataManagement.fields.usci')}: {r.supplierUsci}
            </Typography.Text>
          )}
          {r.supplierDid && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: r.supplierDid }}
              copyable={{ text: r.supplierDid }}
            >
              {r.supplierDid}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'delivery',
      label: 'dataManagement.fields.delivery',
      width: 170,
      render: (r, { lang, t }) =>
        r.delivery ? (
          <DocumentCell doc={r.delivery} lang={lang} />
        ) : r.settled ? (
          <Typography.Text type="warning">{t('dataManagement.noDelivery')}</Typography.Text>
        ) : null,
    },
    {
      key: 'batchNo',
      label: 'dataManagement.fields.lot',
      width: 160,
      render: (r, { t }) => (
        <Space direction="vertical" size={4}>
          <span>{[r.itemCode, r.batchNo || r.vinSn].filter(Boolean).join(' / ')}</span>
          {r.origin && <StatusBadge colour="primary">{t('dataManagement.origin')}</StatusBadge>}
        </Space>
      ),
    },
  ],
  search: [],
});
