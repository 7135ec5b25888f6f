import { pickLangText } from '../../i18n';
import type { ComponentType } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  partnerRecord,
  RELATION_LINK_STATES,
  type TMaterialRelation,
  type TMaterialRelationEndpoints,
} from '@tracehub/contract';
import { call } from '../../api/client';
import type { TDetailField } from '../../shared/DetailCard';
import { useLang } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { RecordDetailDialog } from '../../shared/list/RecordDetailDialog';
import { optionLabel } from '../../shared/list/recordResource';
import {
  defineResource,
  type TOption,
  type TRenderContext,
  type TResource,
  type TResourceDialogProps,
} from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { DIRECTIONS, linkPath, ownItemText, type TDirection } from './directions';
import { relationKeys } from './queries';
import { relationFormDialog } from './RelationFormDialog';

const linkStateOptions = ({ t }: TRenderContext): TOption[] =>
  RELATION_LINK_STATES.map((value) => ({ value, label: t(`materialRelation.linkStates.${value}`) }));

/** The partner's settlement and, when settled, its DID (spec 3 "Supplier material association ... DID"). */
function PartnerDid({ record, short = false }: { record: TMaterialRelation; short?: boolean }) {
  const lang = useLang();
  if (!record.partnerDid) {
    return (
      <StatusBadge colour="grey" testId="relation-unsettled">
        {optionLabel(partnerRecord.fields.settled, false, lang)}
      </StatusBadge>
    );
  }
  return <HashText value={record.partnerDid} short={short} testId="relation-did" />;
}

/** The linked own item as "code · batch · name", or a grey "not linked". */
export function OwnItemCell({
  record,
  ctx,
}: {
  record: Pick<TMaterialRelation, 'own'>;
  ctx: TRenderContext;
}) {
  if (!record.own) {
    return (
      <StatusBadge colour="grey" testId="relation-not-linked">
        {ctx.t('materialRelation.linkStates.unlinked')}
      </StatusBadge>
    );
  }
  return <span data-testid="relation-own">{ownItemText(record.own, ctx)}</span>;
}

export function detailFields(d: TDirection): TDetailField<TMaterialRelation>[] {
  const words = `materialRelation.${d.direction}` as const;
  return [
    { key: 'partnerCode', label: `${words}.partnerCode` },
    {
      key: 'partnerName',
      label: `${words}.partnerName`,
      value: (r, { lang }) => pickLangText(lang, r.partnerName, r.partnerNameEn),
    },
    { key: 'partnerMaterialNo', label: `${words}.materialNo` },
    { key: 'partnerMaterialName', label: `${words}.materialName` },
    {
      key: 'own',
      label: 'materialRelation.current',
      value: (r, ctx) => <OwnItemCell record={r} ctx={ctx} />,
    },
    {
      key: 'chain',
      label: 'ledger.records.fields.chainStatus',
      value: (r) => <ChainStatusLink chain={r.chain} permission={`${d.code}:ViewBCdata`} />,
    },
    {
      key: 'partnerDid',
      label: 'materialRelation.fields.did',
      value: (r) => <PartnerDid record={r} />,
      wide: true,
    },
    {
      key: 'createdAt',
      label: 'materialRelation.fields.createdAt',
      value: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'updatedAt',
      label: 'materialRelation.fields.updatedAt',
      value: (r) => formatDateTime(r.updatedAt),
    },
    { key: 'notes', label: 'materialRelation.fields.notes', wide: true },
  ];
}

function detailDialog(d: TDirection): ComponentType<TResourceDialogProps<TMaterialRelation>> {
  const fields = detailFields(d);
  const keys = relationKeys(d.direction);
  return function RelationDetailDialog({ record, onClose }: TResourceDialogProps<TMaterialRelation>) {
    const { t } = useTranslation();
    return (
      <RecordDetailDialog
        record={record}
        endpoint={d.endpoints.detail}
        queryKey={keys.detail}
        title={t(`materialRelation.${d.direction}.detailTitle`)}
        fields={fields}
        onClose={onClose}
        testId="relation-detail-dialog"
      />
    );
  };
}

/**
 * One direction's material code mappings (spec 2.2 /basicData/materialRelation and
 * /basicData/custommaterialRelation, 3 "Supplier material association: supplier code and name, supplier
 * material number, DID"): search, create, edit, detail, delete and bulk delete, the linked own item with the
 * link page, the partner's DID, the chain status, and by declaration bulk import, template, export, upload
 * records and attachments.
 */
function relationResourceOf(d: TDirection): TResource<TMaterialRelationEndpoints['page']> {
  const words = `materialRelation.${d.direction}` as const;
  const { code, endpoints } = d;
  return defineResource({
    name: `basicData/${d.route}`,
    code,
    endpoint: endpoints.page,
    keys: relationKeys(d.direction),
    rowKey: 'id',
    importExport: endpoints,
    attachments: { key: (r) => r.id, title: (r) => r.partnerMaterialNo },
    columns: [
      { key: 'partnerCode', label: `${words}.partnerCode`, width: 130, sortable: true },
      {
        key: 'partnerName',
        label: `${words}.partnerName`,
        width: 180,
        render: (r, { lang }) => pickLangText(lang, r.partnerName, r.partnerNameEn),
      },
      { key: 'partnerMaterialNo', label: `${words}.materialNo`, width: 150, sortable: true },
      {
        key: 'own',
        label: 'materialRelation.current',
        width: 220,
        render: (r, ctx) => <OwnItemCell record={r} ctx={ctx} />,
        filter: { prop: 'linkState', options: linkStateOptions },
      },
      { key: 'partnerMaterialName', label: `${words}.materialName`, width: 150 },
      {
        key: 'partnerDid',
        label: 'materialRelation.fields.did',
        width: 200,
        render: (r) => <PartnerDid record={r} short />,
      },
      { key: 'notes', label: 'materialRelation.fields.notes', width: 160 },
      chainStatusColumn<TMaterialRelation>(code),
      {
        key: 'createdAt',
        label: 'materialRelation.fields.createdAt',
        width: 180,
        format: 'datetime',
        sortable: true,
      },
    ],
    search: [
      { type: 'text', prop: 'partnerCode', label: `${words}.partnerCode`, basic: true },
      { type: 'text', prop: 'partnerName', label: `${words}.partnerName`, basic: true },
      { type: 'text', prop: 'partnerMaterialNo', label: `${words}.materialNo`, basic: true },
      { type: 'text', prop: 'partnerMaterialName', label: `${words}.materialName` },
      { type: 'text', prop: 'ownCode', label: `${words}.ownCode` },
      {
        type: 'select',
        prop: 'linkState',
        label: 'materialRelation.fields.linkState',
        options: linkStateOptions,
      },
      {
        type: 'datetimerange',
        prop: 'createdRange',
        props: ['createdFrom', 'createdTo'],
        label: 'materialRelation.fields.createdAt',
        valueFormat: 'epochMs',
      },
    ],
    toolbar: [
      {
        key: 'create',
        label: 'materialRelation.create',
        permission: `${code}:Create`,
        primary: true,
        icon: <PlusOutlined />,
        dialog: 'form',
      },
      {
        key: 'batchDelete',
        label: 'materialRelation.batchDelete',
        permission: `${code}:BatchDelete`,
        icon: <DeleteOutlined />,
        danger: true,
        batch: true,
        confirm: (rows, { t }) => t('materialRelation.confirmBatchDelete', { count: rows.length }),
        run: (rows) => call(endpoints.batchDelete, { ids: rows.map((r) => r.id) }),
        success: 'materialRelation.deleted',
      },
    ],
    rowActions: [
      { key: 'view', label: 'common.actions.view', dialog: 'detail' },
      { key: 'link', label: 'materialRelation.linkPage', to: (r) => linkPath(d, r.id) },
      { key: 'edit', label: 'materialRelation.edit', permission: `${code}:Edit`, dialog: 'form' },
      {
        key: 'delete',
        label: 'materialRelation.delete',
        permission: `${code}:Delete`,
        danger: true,
        confirm: (r, { t }) => t('materialRelation.confirmDelete', { no: r.partnerMaterialNo }),
        run: (r) => call(endpoints.delete, { id: r.id }),
        success: 'materialRelation.deleted',
      },
    ],
    dialogs: { form: relationFormDialog(d), detail: detailDialog(d) },
  });
}

/** Supplier material code mappings (/basicData/materialRelation). */
export const supplierRelationResource = relationResourceOf(DIRECTIONS.supplier);
/** Client material code mappings (/basicData/custommaterialRelation). */
export const clientRelationResource = relationResourceOf(DIRECTIONS.client);
