import { pickLangText } from '../../../i18n';
import type { TAddress, TCompanyForm } from '@tracehub/contract';
import type { TDetailField } from '../../../shared/DetailCard';
import { formatDate } from '../../../shared/format';
import type { TRenderContext } from '../../../shared/options';
import { countryLabel, regionLabel } from '../../certification/regions';
import { businessAttributeText, sceneText } from '../labels';

function term(from: string, to: string | null, ctx: TRenderContext): string {
  return `${formatDate(from) ?? from} ~ ${to ? (formatDate(to) ?? to) : ctx.t('identify.form.longTerm')}`;
}

/** Names, identity and business profile of a submitted company form. */
export const identityFields: readonly TDetailField<TCompanyForm>[] = [
  { key: 'name', label: 'identify.form.fields.name' },
  { key: 'englishName', label: 'identify.form.fields.englishName' },
  { key: 'chineseShort', label: 'identify.form.fields.chineseShort' },
  { key: 'englishShort', label: 'identify.form.fields.englishShort' },
  {
    key: 'usci',
    label: 'identify.form.fields.usci',
    value: (f) => <span className="mono-text">{f.usci}</span>,
  },
  {
    key: 'businessTerm',
    label: 'identify.form.fields.businessTerm',
    value: (f, ctx) => term(f.businessTermFrom, f.businessTermTo, ctx),
  },
  {
    key: 'businessAttribute',
    label: 'identify.form.fields.businessAttribute',
    value: (f, ctx) => businessAttributeText(f.businessAttribute, ctx),
  },
  {
    key: 'steelAttributes',
    label: 'identify.form.fields.steelAttributes',
    value: (f, { t, lang }) =>
      f.steelAttributes.map((s) => t(`identify.form.options.steel.${s}`)).join(lang === 'zh' ? '、' : ', '),
  },
  { key: 'scene', label: 'identify.form.fields.scene', value: (f, ctx) => sceneText(f.scene, ctx) },
  {
    key: 'deploymentMethod',
    label: 'identify.form.fields.deploymentMethod',
    value: (f, { t }) => t(`identify.form.options.deployment.${f.deploymentMethod}`),
  },
  {
    key: 'automaker',
    label: 'identify.form.fields.automaker',
    value: (f, { t }) => (f.automaker ? t('common.yes') : t('common.no')),
  },
];

/** The fields of one address (registered or operation). */
export function addressFields(pick: (f: TCompanyForm) => TAddress): TDetailField<TCompanyForm>[] {
  const place = (value: string, ctx: TRenderContext) => (value ? regionLabel(value, ctx.lang) : null);
  return [
    {
      key: 'country',
      label: 'identify.form.fields.country',
      value: (f, ctx) => countryLabel(pick(f).country, ctx.lang),
    },
    {
      key: 'province',
      label: 'identify.form.fields.province',
      value: (f, ctx) => place(pick(f).province, ctx),
    },
    { key: 'city', label: 'identify.form.fields.city', value: (f, ctx) => place(pick(f).city, ctx) },
    {
      key: 'area',
      label: 'identify.form.fields.area',
      value: (f, ctx) => pickLangText(ctx.lang, pick(f).area, pick(f).areaEn),
    },
    { key: 'detail', label: 'identify.form.fields.detail', value: (f) => pick(f).detail, wide: true },
    { key: 'detailEn', label: 'identify.form.fields.detailEn', value: (f) => pick(f).detailEn, wide: true },
    { key: 'longitude', label: 'identify.form.fields.longitude', value: (f) => String(pick(f).longitude) },
    { key: 'latitude', label: 'identify.form.fields.latitude', value: (f) => String(pick(f).latitude) },
  ];
}

export const legalPersonFields: readonly TDetailField<TCompanyForm>[] = [
  { key: 'legalPersonName', label: 'identify.form.fields.legalPersonName' },
  {
    key: 'legalPersonIdType',
    label: 'identify.form.fields.legalPersonIdType',
    value: (f, { t }) => t(`identify.form.options.idType.${f.legalPersonIdType}`),
  },
  {
    key: 'legalPersonIdNumber',
    label: 'identify.form.fields.legalPersonIdNumber',
    value: (f) => <span className="mono-text">{f.legalPersonIdNumber}</span>,
  },
  {
    key: 'legalPersonIdValidity',
    label: 'identify.form.fields.legalPersonIdValidity',
    value: (f, ctx) => term(f.legalPersonIdValidFrom, f.legalPersonIdValidTo, ctx),
  },
];
