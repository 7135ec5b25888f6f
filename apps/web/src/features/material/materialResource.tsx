import type { ComponentType } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_PAGES,
  materialEndpoints,
  type TMaterial,
  type TMaterialEndpoints,
  type TMaterialNature,
} from '@tracehub/contract';
import { call } from '../../api/client';
import type { TDetailField } from '../../shared/DetailCard';
import { formatDateTime, formatNumber } from '../../shared/format';
import { RecordDetailDialog } from '../../shared/list/RecordDetailDialog';
import {
  defineResource,
  type TOption,
  type TRenderContext,
  type TResource,
  type TResourceDialogProps,
} from '../../shared/list/types';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { materialFormDialog } from './MaterialFormDialog';
import { QualityReport, qualityUploadDialog } from './QualityReport';
import { materialKeys } from './queries';

/** Wide enough for the report's name and full hashes beside the two columns of fields. */
const DETAIL_DIALOG_WIDTH = 880;

const yesNo = (value: boolean, { t }: TRenderContext) => t(value ? 'common.yes' : 'common.no');
const yesNoOptions = ({ t }: TRenderContext): TOption[] => [
  { value: 'true', label: t('common.yes') },
  { value: 'false', label: t('common.no') },
];
/** kg with thousands separators and up to 4 decimals (spec 9): a double shows 13 significant digits exactly. */
const weightText = (weight: string | null) => (weight === null ? null : formatNumber(Number(weight)));

function detailFields(nature: TMaterialNature, code: string): TDetailField<TMaterial>[] {
  return [
    { key: 'code', label: `material.${nature}.code` },
    { key: 'batchNo', label: 'material.fields.batchNo' },
    { key: 'name', label: `material.${nature}.name` },
    { key: 'nameEn', label: 'material.fields.nameEn' },
    {
      key: 'tracingObject',
      label: 'material.fields.tracingObject',
      value: (r, ctx) => yesNo(r.tracingObject, ctx),
    },
    { key: 'weight', label: 'material.fields.weight', value: (r) => weightText(r.weight) },
    { key: 'unit', label: 'material.fields.unit' },
    ...(nature === 'purchased'
      ? [{ key: 'supplierMaterialCode', label: 'material.fields.supplierMaterialCode' } as const]
      : []),
    { key: 'receiptNo', label: `material.${nature}.receiptNo` },
    {
      key: 'receiptTime',
      label: `material.${nature}.receiptTime`,
      value: (r) => r.receiptTime && formatDateTime(r.receiptTime),
    },
    {
      key: 'chain',
      label: 'ledger.records.fields.chainStatus',
      value: (r) => <ChainStatusLink chain={r.chain} permission={`${code}:ViewBCdata`} />,
    },
    { key: 'createdAt', label: 'material.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
    {
      key: 'quality',
      label: 'material.fields.qualityReport',
      value: (r) => <QualityReport quality={r.quality} code={code} />,
      wide: true,
    },
    {
      key: 'qualityHash',
      label: 'ledger.attachments.fileHash',
      value: (r) => (r.quality ? <HashText value={r.quality.fileHash} /> : null),
      wide: true,
    },
    {
      key: 'txHash',
      label: 'ledger.records.fields.txHash',
      value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
      wide: true,
    },
    { key: 'description', label: 'material.fields.description', wide: true },
  ];
}

function detailDialog(nature: TMaterialNature, code: string): ComponentType<TResourceDialogProps<TMaterial>> {
  const fields = detailFields(nature, code);
  const keys = materialKeys(nature);
  return function MaterialDetailDialog({ record, onClose }: TResourceDialogProps<TMaterial>) {
    const { t } = useTranslation();
    return (
      <RecordDetailDialog
        record={record}
        endpoint={materialEndpoints[nature].detail}
        queryKey={keys.detail}
        title={t(`material.${nature}.detailTitle`)}
        fields={fields}
        onClose={onClose}
        width={DETAIL_DIALOG_WIDTH}
        testId="material-detail-dialog"
      />
    );
  };
}

/**
 * One nature's materials (spec 2.2 /basicData/materialData: purchased materials, /materialDataIn: homemade
 * semi-finished products; 3 "Material"): search, create, edit, detail, delete and bulk delete, the quality
 * inspection report with its chain status, the record's chain status opening its blockchain record, and by
 * declaration bulk import, template, export, upload records and attachments.
 */
function materialResourceOf(nature: TMaterialNature): TResource<TMaterialEndpoints['page']> {
  const { code } = MATERIAL_PAGES[nature];
  const endpoints = materialEndpoints[nature];
  return defineResource({
    name: `basicData/${nature === 'purchased' ? 'materialData' : 'materialDataIn'}`,
    code,
    endpoint: endpoints.page,
    keys: materialKeys(nature),
    rowKey: 'id',
    importExport: endpoints,
    attachments: { key: (r) => r.id, title: (r) => r.code },
    columns: [
      { key: 'code', label: `material.${nature}.code`, width: 160, sortable: true },
      { key: 'name', label: `material.${nature}.name`, width: 180, sortable: true },
      { key: 'batchNo', label: 'material.fields.batchNo', width: 140, sortable: true },
      {
        key: 'tracingObject',
        label: 'material.fields.tracingObject',
        width: 120,
        render: (r, ctx) => yesNo(r.tracingObject, ctx),
      },
      {
        key: 'weight',
        label: 'material.fields.weight',
        width: 130,
        sortable: true,
        render: (r) => weightText(r.weight),
      },
      { key: 'unit', label: 'material.fields.unit', width: 88 },
      {
        key: 'quality',
        label: 'material.fields.qualityReport',
        width: 260,
        render: (r) => <QualityReport quality={r.quality} code={code} />,
      },
      chainStatusColumn<TMaterial>(code),
      ...(nature === 'purchased'
        ? [
            {
              key: 'supplierMaterialCode',
              label: 'material.fields.supplierMaterialCode',
              width: 160,
            } as const,
          ]
        : []),
      { key: 'receiptNo', label: `material.${nature}.receiptNo`, width: 160 },
      {
        key: 'receiptTime',
        label: `material.${nature}.receiptTime`,
        width: 180,
        format: 'datetime',
        sortable: true,
      },
      {
        key: 'createdAt',
        label: 'material.fields.createdAt',
        width: 180,
        format: 'datetime',
        sortable: true,
      },
    ],
    search: [
      { type: 'text', prop: 'code', label: `material.${nature}.code`, basic: true },
      { type: 'text', prop: 'name', label: `material.${nature}.name`, basic: true },
      { type: 'text', prop: 'batchNo', label: 'material.fields.batchNo', basic: true },
      ...(nature === 'purchased'
        ? [
            {
              type: 'text',
              prop: 'supplierMaterialCode',
              label: 'material.fields.supplierMaterialCode',
            } as const,
          ]
        : []),
      { type: 'text', prop: 'receiptNo', label: `material.${nature}.receiptNo` },
      {
        type: 'select',
        prop: 'tracingObject',
        label: 'material.fields.tracingObject',
        options: yesNoOptions,
      },
      {
        type: 'datetimerange',
        prop: 'receiptRange',
        props: ['receiptFrom', 'receiptTo'],
        label: `material.${nature}.receiptTime`,
        valueFormat: 'epochMs',
      },
      {
        type: 'datetimerange',
        prop: 'createdRange',
        props: ['createdFrom', 'createdTo'],
        label: 'material.fields.createdAt',
        valueFormat: 'epochMs',
      },
    ],
    toolbar: [
      {
        key: 'create',
        label: `material.${nature}.create`,
        permission: `${code}:Create`,
        primary: true,
        icon: <PlusOutlined />,
        dialog: 'form',
      },
      {
        key: 'batchDelete',
        label: 'material.batchDelete',
        permission: `${code}:BatchDelete`,
        icon: <DeleteOutlined />,
        danger: true,
        batch: true,
        confirm: (rows, { t }) => t('material.confirmBatchDelete', { count: rows.length }),
        run: (rows) => call(endpoints.batchDelete, { ids: rows.map((r) => r.id) }),
        success: 'material.deleted',
      },
    ],
    rowActions: [
      { key: 'view', label: 'common.actions.view', dialog: 'detail' },
      { key: 'edit', label: 'material.edit', permission: `${code}:Edit`, dialog: 'form' },
      {
        key: 'delete',
        label: 'material.delete',
        permission: `${code}:Delete`,
        danger: true,
        confirm: (r, { t }) => t(`material.${nature}.confirmDelete`, { code: r.code }),
        run: (r) => call(endpoints.delete, { id: r.id }),
        success: 'material.deleted',
      },
      {
        key: 'qualityReport',
        label: (r, { t }) => t(r.quality ? 'material.quality.replace' : 'material.quality.upload'),
        permission: `${code}:UploadAffix`,
        dialog: 'quality',
      },
    ],
    dialogs: {
      form: materialFormDialog(nature),
      detail: detailDialog(nature, code),
      quality: qualityUploadDialog(nature),
    },
  });
}

/** The purchased materials page (/basicData/materialData). */
export const purchasedMaterialResource = materialResourceOf('purchased');
/** The homemade semi-finished products page (/basicData/materialDataIn). */
export const homemadeMaterialResource = materialResourceOf('homemade');
