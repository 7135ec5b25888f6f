import { Tag } from 'antd';
import { DeleteOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, type TPartner } from '@tracehub/contract';
import { call } from '../../api/client';
import type { TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { RecordDetailDialog } from '../../shared/list/RecordDetailDialog';
import { defineResource, type TRenderContext, type TResourceDialogProps } from '../../shared/list/types';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { ImportInviteFailures } from './ImportInviteFailures';
import { InviteDialog } from './InviteDialog';
import { PartnerFormDialog } from './PartnerFormDialog';
import {
  InviteBadge,
  SettlementBadge,
  inviteStatusOptions,
  settlementOptions,
  tagOptions,
  typeOptions,
} from './partnerLabels';
import { partnerKeys } from './queries';

/** The page's permission code in the menu tree: actions are `Partner:<Action>`. */
const CODE = 'Partner';

const typeText = (r: TPartner, { t }: TRenderContext) => t(`partner.types.${r.partnerType}`);

function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="partner-tags">
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </span>
  );
}

const DETAIL_FIELDS: readonly TDetailField<TPartner>[] = [
  { key: 'partnerType', label: 'partner.fields.partnerType', value: typeText },
  { key: 'code', label: 'partner.fields.code' },
  { key: 'name', label: 'partner.fields.name' },
  { key: 'nameEn', label: 'partner.fields.nameEn' },
  { key: 'usci', label: 'partner.fields.usci' },
  {
    key: 'settled',
    label: 'partner.fields.settlement',
    value: (r, ctx) => <SettlementBadge partner={r} ctx={ctx} />,
  },
  { key: 'contactName', label: 'partner.fields.contactName' },
  { key: 'phone', label: 'partner.fields.phone' },
  { key: 'email', label: 'partner.fields.email' },
  {
    key: 'inviteStatus',
    label: 'partner.fields.inviteStatus',
    value: (r, ctx) => <InviteBadge partner={r} ctx={ctx} />,
  },
  {
    key: 'invitedAt',
    label: 'partner.fields.invitedAt',
    value: (r) => r.invitedAt && formatDateTime(r.invitedAt),
  },
  {
    key: 'chain',
    label: 'ledger.records.fields.chainStatus',
    value: (r) => <ChainStatusLink chain={r.chain} permission={`${CODE}:ViewBCdata`} />,
  },
  { key: 'did', label: 'partner.fields.did', value: (r) => r.did && <HashText value={r.did} />, wide: true },
  { key: 'tags', label: 'partner.fields.tags', value: (r) => <Tags tags={r.tags} />, wide: true },
  { key: 'createdAt', label: 'partner.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
  { key: 'updatedAt', label: 'partner.fields.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
  {
    key: 'txHash',
    label: 'ledger.records.fields.txHash',
    value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
    wide: true,
  },
  { key: 'notes', label: 'partner.fields.notes', wide: true },
];

function PartnerDetailDialog({ record, onClose }: TResourceDialogProps<TPartner>) {
  const { t } = useTranslation();
  return (
    <RecordDetailDialog
      record={record}
      endpoint={api.partner.detail}
      queryKey={partnerKeys.detail}
      title={t('partner.detailTitle')}
      fields={DETAIL_FIELDS}
      onClose={onClose}
      testId="partner-detail-dialog"
    />
  );
}

/**
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "list, bulk import, invite", 4 "settled or not
 * settled"): suppliers and clients in one list with a type filter, their settlement and DID, invitation by
 * e-mail (one or the selected ones) with the failed invitations listed, and by declaration bulk import
 * (whose result lists its failed invitations too), template, export, upload records and attachments.
 */
export const partnerResource = defineResource({
  name: 'basicData/partner',
  code: CODE,
  endpoint: api.partner.page,
  keys: partnerKeys,
  rowKey: 'id',
  importExport: api.partner,
  importResult: ImportInviteFailures,
  attachments: { key: (r) => r.id, title: (r) => r.code },
  columns: [
    { key: 'code', label: 'partner.fields.code', width: 140, sortable: true },
    {
      key: 'name',
      label: 'partner.fields.name',
      width: 220,
      sortable: true,
      render: (r, { lang }) => (lang === 'en' && r.nameEn ? r.nameEn : r.name),
    },
    {
      key: 'partnerType',
      label: 'partner.fields.partnerType',
      width: 110,
      render: typeText,
      filter: { prop: 'partnerType', options: typeOptions },
    },
    {
      key: 'settled',
      label: 'partner.fields.settlement',
      width: 110,
      render: (r, ctx) => <SettlementBadge partner={r} ctx={ctx} />,
      filter: { prop: 'settlement', options: settlementOptions },
    },
    {
      key: 'inviteStatus',
      label: 'partner.fields.inviteStatus',
      width: 240,
      render: (r, ctx) => <InviteBadge partner={r} ctx={ctx} />,
      filter: { prop: 'inviteStatus', options: inviteStatusOptions },
    },
    { key: 'usci', label: 'partner.fields.usci', width: 190 },
    { key: 'contactName', label: 'partner.fields.contactName', width: 110 },
    { key: 'email', label: 'partner.fields.email', width: 200 },
    { key: 'phone', label: 'partner.fields.phone', width: 150 },
    { key: 'tags', label: 'partner.fields.tags', width: 180, render: (r) => <Tags tags={r.tags} /> },
    {
      key: 'did',
      label: 'partner.fields.did',
      width: 200,
      render: (r) => r.did && <HashText value={r.did} short />,
    },
    chainStatusColumn<TPartner>(CODE),
    { key: 'createdAt', label: 'partner.fields.createdAt', width: 180, format: 'datetime', sortable: true },
  ],
  search: [
    { type: 'text', prop: 'code', label: 'partner.fields.code', basic: true },
    { type: 'text', prop: 'name', label: 'partner.fields.name', basic: true },
    { type: 'text', prop: 'usci', label: 'partner.fields.usci', basic: true },
    { type: 'select', prop: 'partnerType', label: 'partner.fields.partnerType', options: typeOptions },
    { type: 'select', prop: 'tags', label: 'partner.fields.tags', options: tagOptions, multiple: true },
    { type: 'text', prop: 'contactName', label: 'partner.fields.contactName' },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'partner.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'partner.create',
      permission: `${CODE}:Create`,
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
    {
      key: 'invite',
      label: 'partner.invite.batch',
      permission: `${CODE}:Invite`,
      icon: <MailOutlined />,
      batch: true,
      dialog: 'invite',
    },
    {
      key: 'batchDelete',
      label: 'partner.batchDelete',
      permission: `${CODE}:BatchDelete`,
      icon: <DeleteOutlined />,
      danger: true,
      batch: true,
      confirm: (rows, { t }) => t('partner.confirmBatchDelete', { count: rows.length }),
      run: (rows) => call(api.partner.batchDelete, { ids: rows.map((r) => r.id) }),
      success: 'partner.deleted',
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    { key: 'edit', label: 'partner.edit', permission: `${CODE}:Edit`, dialog: 'form' },
    {
      key: 'invite',
      label: 'partner.invite.action',
      permission: `${CODE}:Invite`,
      visible: (r) => !r.settled,
      dialog: 'invite',
    },
    {
      key: 'delete',
      label: 'partner.delete',
      permission: `${CODE}:Delete`,
      danger: true,
      confirm: (r, { t }) => t('partner.confirmDelete', { name: r.name }),
      run: (r) => call(api.partner.delete, { id: r.id }),
      success: 'partner.deleted',
    },
  ],
  dialogs: { form: PartnerFormDialog, detail: PartnerDetailDialog, invite: InviteDialog },
});
