import {
  PARTNER_INVITE_FAILURE_LABELS,
  ZPartnerImportRow,
  readYesNo,
  type api,
  type TBilingual,
  type TParsed,
  type TPartnerInviteFailure,
  type TPartnerType,
} from '@tracehub/contract';
import type { Exporter } from '../../platform/imports/export.ts';
import { defineImporter } from '../../platform/imports/importer.ts';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { EVIDENCE, partnerEvidence } from '../../platform/ledger/subjects.ts';
import { runListRows } from '../../platform/list-query.ts';
import { invitePartners } from './invite.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { insertPartners, PARTNER_KEY, partnerListQuery, type PartnerRow } from './repo.ts';
import { afterPartnersWritten } from './service.ts';
import { certifiedByUsci } from './settlement.ts';

// Bulk import and export of partners. The template's columns are the create call's fields plus whether to
// invite the partner; the natural key is type and code (a repeated USCI is refused by its unique index as
// existing data). Imported partners are recorded as evidence; the ones to invite are invited in the same
// transaction, and the import's result lists the failed invitations (spec 8).

const TITLE = { zh: '合作企业', en: 'Partner enterprises' };

const TYPE_LABELS: Readonly<Record<TPartnerType, TBilingual>> = {
  supplier: { zh: '供应商', en: 'Supplier' },
  client: { zh: '客户', en: 'Client' },
};

/** 供应商 / supplier, 客户 / client (any case); anything else stays as typed and fails the schema. */
function readPartnerType(text: string): unknown {
  const v = text.trim().toLowerCase();
  for (const [type, label] of Object.entries(TYPE_LABELS)) {
    if (v === type || v === label.zh || v === label.en.toLowerCase()) return type;
  }
  return text;
}

/** Tags separated by commas, semicolons or line breaks. */
const readTags = (text: string) => text.split(/[,，;；\n]/);

const COLUMNS = {
  partnerType: { zh: '合作类型', en: 'Partner type' },
  code: { zh: '企业编码', en: 'Partner code' },
  name: { zh: '企业名称', en: 'Partner name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  usci: { zh: '统一社会信用代码', en: 'USCI' },
  contactName: { zh: '联系人', en: 'Contact' },
  email: { zh: '邮箱', en: 'E-mail' },
  phone: { zh: '联系电话', en: 'Phone' },
  tags: { zh: '标签', en: 'Tags' },
  notes: { zh: '备注', en: 'Notes' },
  invite: { zh: '邀请入驻', en: 'Invite' },
} as const satisfies Record<string, TBilingual>;

export const partnerImporter = defineImporter({
  kind: 'partner',
  title: TITLE,
  columns: [
    { key: 'partnerType', ...COLUMNS.partnerType, example: TYPE_LABELS.supplier, read: readPartnerType },
    { key: 'code', ...COLUMNS.code, example: 'SUP-001' },
    { key: 'name', ...COLUMNS.name, example: '华东新材料科技有限公司' },
    { key: 'nameEn', ...COLUMNS.nameEn, example: 'East China New Materials Co., Ltd.' },
    { key: 'usci', ...COLUMNS.usci, example: '91330100MA2H6R8T13' },
    { key: 'contactName', ...COLUMNS.contactName, example: '王芳' },
    { key: 'email', ...COLUMNS.email, example: 'contact@example.com' },
    { key: 'phone', ...COLUMNS.phone, example: '+86 571-8888 6666' },
    { key: 'tags', ...COLUMNS.tags, example: '电池材料,一级供应商', read: readTags },
    { key: 'notes', ...COLUMNS.notes, example: '' },
    { key: 'invite', ...COLUMNS.invite, example: { zh: '是', en: 'yes' }, read: readYesNo },
  ],
  schema: ZPartnerImportRow,
  naturalKey: (row) => [row.partnerType, row.code],
  existingKeys: (ctx, keys) => existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, PARTNER_KEY, keys),
  async insertRows(ctx, rows) {
    const enterprises = await certifiedByUsci(
      ctx.db,
      rows.map((r) => r.usci),
    );
    const inserted = await insertPartners(
      ctx.db,
      ctx.tenant,
      rows.map(({ invite: _invite, ...row }) => ({
        ...row,
        partnerEnterpriseUuid: enterprises.get(row.usci)?.uuid ?? null,
      })),
    );
    await appendEvidenceBatch(
      ctx.db,
      ctx.keys,
      inserted.map((row) => partnerEvidence(EVIDENCE.partnerCreated, row)),
    );
    await afterPartnersWritten(ctx.db, ctx.tenant, inserted);
    const wanted = new Set(rows.filter((r) => r.invite).map((r) => `${r.partnerType}:${r.code}`));
    const toInvite = inserted.filter((r) => wanted.has(`${r.partnerType}:${r.code}`));
    await invitePartners(ctx.db, ctx, ctx.tenant, toInvite, ctx.importId);
  },
});

const inviteText = (row: PartnerRow, lang: 'zh' | 'en') => {
  if (row.inviteStatus === 'invited') return lang === 'zh' ? '已邀请' : 'Invited';
  if (row.inviteStatus === 'none') return lang === 'zh' ? '未邀请' : 'Not invited';
  const reason = PARTNER_INVITE_FAILURE_LABELS[row.inviteError as TPartnerInviteFailure]?.[lang] ?? '';
  return `${lang === 'zh' ? '邀请失败' : 'Failed'}${reason ? (lang === 'zh' ? `：${reason}` : `: ${reason}`) : ''}`;
};

export const partnerExporter: Exporter<TParsed<typeof api.partner.export>, PartnerRow> = {
  title: TITLE,
  columns: [
    { ...COLUMNS.partnerType, value: (row, f) => TYPE_LABELS[row.partnerType][f.lang] },
    { ...COLUMNS.code, value: (row) => row.code },
    { ...COLUMNS.name, value: (row) => row.name },
    { ...COLUMNS.nameEn, value: (row) => row.nameEn },
    { ...COLUMNS.usci, value: (row) => row.usci },
    { ...COLUMNS.contactName, value: (row) => row.contactName },
    { ...COLUMNS.email, value: (row) => row.email },
    { ...COLUMNS.phone, value: (row) => row.phone },
    { ...COLUMNS.tags, value: (row) => row.tags.join(',') },
    { ...COLUMNS.notes, value: (row) => row.notes },
    {
      zh: '入驻状态',
      en: 'Settlement',
      value: (row, f) =>
        row.partnerEnterpriseUuid
          ? f.lang === 'zh'
            ? '已入驻'
            : 'Settled'
          : f.lang === 'zh'
            ? '未入驻'
            : 'Not settled',
    },
    { zh: '邀请状态', en: 'Invitation', value: (row, f) => inviteText(row, f.lang) },
    { zh: '创建时间', en: 'Created', value: (row, f) => f.dateTime(row.createdAt.getTime()) },
  ],
  rows: (db, tenant, filters, limit) => runListRows(db, partnerListQuery(tenant, filters), limit),
};
