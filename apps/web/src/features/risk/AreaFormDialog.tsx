import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, ZRiskPlace, type TRiskArea } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField, TFormValues } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { useOptions, type TOptionSource } from '../../shared/options';
import { PlaceInput } from './PlaceInput';
import { partnerNames, partnerOptions, projectOptions, riskKeys } from './queries';

/** A remote source with "any" ('') first: an area without that scope. */
function withAny(
  source: TOptionSource,
  label: 'risk.area.anyCompany' | 'risk.area.anyProject',
): TOptionSource {
  return (ctx) => [{ value: '', label: ctx.t(label) }, ...(typeof source === 'function' ? source(ctx) : [])];
}

const FIELDS = (companies: TOptionSource, projects: TOptionSource): TFormField[] => [
  { name: 'place', label: 'risk.fields.country', schema: ZRiskPlace, render: () => <PlaceInput /> },
  { name: 'company', label: 'risk.fields.company', input: 'select', schema: z.string(), options: companies },
  {
    name: 'projectCode',
    label: 'risk.fields.project',
    input: 'select',
    schema: z.string(),
    options: projects,
    extra: 'risk.area.scopeHint',
  },
];

const prepare = (v: TFormValues): TFormValues => ({
  place: v.place,
  company: v.company ? { usci: v.company } : null,
  projectCode: v.projectCode || null,
});

/** Create or edit a risk area: country required, province and city "All" or one. */
export function AreaFormDialog({ record, onClose, onDone }: TResourceDialogProps<TRiskArea>) {
  const { t } = useTranslation();
  const ctx = { t, lang: useLang() };
  // The remote options, loaded here and offered after "any".
  const partners = useOptions(partnerOptions, ctx);
  const projects = useOptions(projectOptions, ctx);
  return (
    <FormDialog
      title={t(record ? 'risk.area.editTitle' : 'risk.area.createTitle')}
      schema={record ? api.risk.areaUpdate.input : api.risk.areaAdd.input}
      fields={FIELDS(
        withAny(() => partners, 'risk.area.anyCompany'),
        withAny(() => projects, 'risk.area.anyProject'),
      )}
      base={record ? { id: record.id } : undefined}
      prepare={prepare}
      initialValues={{
        place: record
          ? { country: record.country, province: record.province, city: record.city }
          : { country: '', province: null, city: null },
        company: record?.company?.usci ?? '',
        projectCode: record?.projectCode ?? '',
      }}
      submit={async (request) => {
        const company = request.company ? (await partnerNames([request.company.usci]))[0]! : null;
        const body = { place: request.place, projectCode: request.projectCode, company };
        return record ? call(api.risk.areaUpdate, { ...body, id: record.id }) : call(api.risk.areaAdd, body);
      }}
      success="risk.saved"
      invalidates={riskKeys.all}
      onDone={onDone}
      onClose={onClose}
      testId="risk-area-form-dialog"
    />
  );
}
