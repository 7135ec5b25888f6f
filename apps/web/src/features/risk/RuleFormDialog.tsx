import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  api,
  RISK_MONITOR_KINDS,
  RISK_NOTES_MAX,
  RISK_RULE_NAME_MAX,
  type TRiskRule,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField, TFormValues } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { partnerNames, partnerOptions, projectOptions, riskKeys } from './queries';

const FIELDS: TFormField[] = [
  { name: 'name', label: 'risk.fields.name', maxLength: RISK_RULE_NAME_MAX },
  {
    name: 'monitorKind',
    label: 'risk.fields.monitor',
    input: 'radio',
    schema: z.enum(RISK_MONITOR_KINDS),
    options: ({ t }) => RISK_MONITOR_KINDS.map((k) => ({ value: k, label: t(`risk.monitorKinds.${k}`) })),
  },
  {
    name: 'partners',
    label: 'risk.fields.partners',
    input: 'select',
    multiple: true,
    schema: z.array(z.string()).min(1, 'v.risk.monitorPartners'),
    options: partnerOptions,
    visible: (v) => v.monitorKind === 'partners',
  },
  {
    name: 'projects',
    label: 'risk.fields.projects',
    input: 'select',
    multiple: true,
    schema: z.array(z.string()).min(1, 'v.risk.monitorProjects'),
    options: projectOptions,
    visible: (v) => v.monitorKind === 'projects',
  },
  { name: 'notes', label: 'risk.fields.notes', input: 'textarea', maxLength: RISK_NOTES_MAX },
];

/** The form's flat values as the request: the monitoring objects of the chosen kind. */
const prepare = (v: TFormValues): TFormValues => ({
  name: v.name,
  notes: v.notes,
  monitor: {
    kind: v.monitorKind,
    partners: ((v.partners as string[] | undefined) ?? []).map((usci) => ({ usci })),
    projects: (v.projects as string[] | undefined) ?? [],
  },
});

/** Create a rule, or edit one's name, monitoring objects and notes (its factors: /rule/Factor). */
export function RuleFormDialog({ record, onClose, onDone }: TResourceDialogProps<TRiskRule>) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t(record ? 'risk.editTitle' : 'risk.createTitle')}
      schema={record ? api.risk.update.input : api.risk.add.input}
      fields={FIELDS}
      base={record ? { id: record.id } : undefined}
      prepare={prepare}
      initialValues={{
        name: record?.name ?? '',
        notes: record?.notes ?? '',
        monitorKind: record?.monitor.kind ?? 'suppliers',
        partners: record?.monitor.partners.map((p) => p.usci) ?? [],
        projects: record?.monitor.projects ?? [],
      }}
      submit={async (request) => {
        const monitor = {
          ...request.monitor,
          partners: await partnerNames(request.monitor.partners.map((p) => p.usci)),
        };
        const body = { name: request.name, notes: request.notes, monitor };
        return record ? call(api.risk.update, { ...body, id: record.id }) : call(api.risk.add, body);
      }}
      success={record ? 'risk.saved' : 'risk.created'}
      invalidates={riskKeys.all}
      onDone={onDone}
      onClose={onClose}
      testId="risk-rule-form-dialog"
    />
  );
}
