import { Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, PRODUCT_PERMISSIONS, type TProduct, unitLabel } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText } from '../../i18n';
import type { TDetailField } from '../../shared/DetailCard';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { defineResource, type TRenderContext, type TResourceDialogProps } from '../../shared/list/types';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { carbonText, PRODUCT_CODE } from './carbonFields';
import { CarbonResultDialog } from './CarbonResultDialog';
import { CarbonUploadDialog } from './CarbonUploadDialog';
import { ProductFormDialog } from './ProductFormDialog';
import { materialLabel, projectOptions } from './productOptions';
import { productKeys } from './queries';
import './product.css';

export const PRODUCT_LIST = 'basicData/product';
export const productPaths = {
  list: '/basicData/product',
  detail: (id: number) => `/basicData/product/detail/${id}`,
};

const productName = (r: TProduct, { lang }: TRenderContext) => pickLangText(lang, r.name, r.nameEn);

/** The material codes of a product, all of them in a tooltip. */
function MaterialCodes({ product, ctx }: { product: TProduct; ctx: TRenderContext }) {
  if (product.materials.length === 0) return null;
  const codes = [...new Set(product.materials.map((m) => m.code))].join(', ');
  return (
    <Tooltip title={product.materials.map((m) => materialLabel(m, ctx.lang)).join('\n')}>
      <Typography.Text ellipsis className="product-material-codes">
        {codes}
      </Typography.Text>
    </Tooltip>
  );
}

function CarbonUpload({ record, onClose, onDone }: TResourceDialogProps<TProduct>) {
  return record ? <CarbonUploadDialog product={record} onClose={onClose} onDone={onDone} /> : null;
}

/** The identity card of a product (its detail page). */
export const PRODUCT_DETAIL_FIELDS: readonly TDetailField<TProduct>[] = [
  { key: 'code', label: 'product.fields.code' },
  { key: 'name', label: 'product.fields.name' },
  { key: 'nameEn', label: 'product.fields.nameEn' },
  { key: 'batchNo', label: 'product.fields.batchNo' },
  { key: 'vinSn', label: 'product.fields.vinSn' },
  { key: 'weight', label: 'product.fields.weight' },
  { key: 'unit', label: 'product.fields.unit', value: (r, { lang }) => unitLabel(r.unit, lang) || null },
  { key: 'projectNo', label: 'product.fields.project' },
  {
    key: 'carbon',
    label: 'product.fields.carbon',
    value: (r) => (r.carbon ? carbonText(r.carbon.calculationResults) : null),
  },
  {
    key: 'chain',
    label: 'ledger.records.fields.chainStatus',
    value: (r) => <ChainStatusLink chain={r.chain} permission={`${PRODUCT_CODE}:ViewBCdata`} />,
  },
  {
    key: 'did',
    label: 'product.fields.did',
    value: (r) =>
      r.did ? (
        <Typography.Text className="mono-text" copyable data-testid="product-did">
          {r.did}
        </Typography.Text>
      ) : null,
    wide: true,
  },
  { key: 'spec', label: 'product.fields.spec', wide: true },
  { key: 'createdAt', label: 'product.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
  { key: 'updatedAt', label: 'product.fields.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
];

/**
 * Products of the enterprise (spec 2.2 /basicData/product, 2.3, 3 "Product"): search, create, edit, the
 * detail page, delete (one or several), carbon footprint upload and result, the chain status opening the
 * blockchain record, and by declaration bulk import, template, export, upload records and attachments.
 */
export const productResource = defineResource({
  name: PRODUCT_LIST,
  code: PRODUCT_CODE,
  endpoint: api.product.selectProductInfo,
  keys: productKeys,
  rowKey: 'id',
  importExport: api.product,
  attachments: { key: (r) => r.id, title: (r) => r.code },
  columns: [
    { key: 'code', label: 'product.fields.code', width: 160, sortable: true },
    { key: 'name', label: 'product.fields.name', width: 180, sortable: true, render: productName },
    { key: 'batchNo', label: 'product.fields.batchNo', width: 130, sortable: true },
    { key: 'vinSn', label: 'product.fields.vinSn', width: 190, sortable: true },
    { key: 'projectNo', label: 'product.fields.project', width: 140 },
    { key: 'weight', label: 'product.fields.weight', width: 120, sortable: true },
    {
      key: 'materials',
      label: 'product.fields.materials',
      width: 180,
      render: (r, ctx) => <MaterialCodes product={r} ctx={ctx} />,
    },
    {
      key: 'carbon',
      label: 'product.fields.carbon',
      width: 170,
      render: (r) => (r.carbon ? carbonText(r.carbon.calculationResults) : EMPTY_TEXT),
    },
    chainStatusColumn<TProduct>(PRODUCT_CODE),
    { key: 'createdAt', label: 'product.fields.createdAt', width: 180, format: 'datetime', sortable: true },
  ],
  search: [
    {
      type: 'combination',
      prop: 'search',
      label: 'product.fields.keyword',
      basic: true,
      items: [
        { prop: 'keyword', label: 'product.fields.keyword' },
        { prop: 'code', label: 'product.fields.code' },
        { prop: 'name', label: 'product.fields.name' },
        { prop: 'batchNo', label: 'product.fields.batchNo' },
        { prop: 'vinSn', label: 'product.fields.vinSn' },
      ],
    },
    { type: 'select', prop: 'projectCodeId', label: 'product.fields.project', options: projectOptions },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'product.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'product.create',
      permission: PRODUCT_PERMISSIONS.create,
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
    {
      key: 'batchDelete',
      label: 'product.batchDelete',
      permission: PRODUCT_PERMISSIONS.batchDelete,
      danger: true,
      batch: true,
      icon: <DeleteOutlined />,
      confirm: (rows, { t }) => t('product.confirmBatchDelete', { count: rows.length }),
      run: (rows) => call(api.product.batchDeleteProduct, { ids: rows.map((r) => r.id) }),
      success: 'product.deleted',
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', listOnly: true, to: (r) => productPaths.detail(r.id) },
    { key: 'edit', label: 'product.edit', permission: PRODUCT_PERMISSIONS.edit, dialog: 'form' },
    {
      key: 'delete',
      label: 'product.delete',
      permission: PRODUCT_PERMISSIONS.delete,
      danger: true,
      confirm: (r, { t }) => t('product.confirmDelete', { code: r.code }),
      run: async (r, { navigate, request }) => {
        await call(api.product.deleteProduct, { id: r.id });
        // Deleted from its own detail page (no list request there): back to the list.
        if (Object.keys(request).length === 0) void navigate(productPaths.list);
      },
      success: 'product.deleted',
    },
    {
      key: 'carbonUpload',
      label: 'product.carbon.upload',
      permission: PRODUCT_PERMISSIONS.edit,
      dialog: 'carbonUpload',
    },
    {
      key: 'carbonResult',
      label: 'product.carbon.view',
      permission: PRODUCT_PERMISSIONS.viewCarbon,
      visible: (r) => r.carbon !== null,
      dialog: 'carbonResult',
    },
  ],
  dialogs: { form: ProductFormDialog, carbonUpload: CarbonUpload, carbonResult: CarbonResultDialog },
  detail: {
    endpoint: api.product.getProductDetailById,
    title: 'product.detailTitle',
    fields: PRODUCT_DETAIL_FIELDS,
  },
});
