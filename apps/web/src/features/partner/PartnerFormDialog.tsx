import { useTranslation } from 'react-i18next';
import { api, LIMITS, PARTNER_LIMITS, type TPartner } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { typeOptions } from './partnerLabels';

const FIELDS: readonly TFormField[] = [
  { name: 'partnerType', label: 'partner.fields.partnerType', input: 'radio', options: typeOptions },
  { name: 'code', label: 'partner.fields.code', maxLength: PARTNER_LIMITS.code },
  { name: 'name', label: 'partner.fields.name', maxLength: PARTNER_LIMITS.name },
  { name: 'nameEn', label: 'partner.fields.nameEn', maxLength: PARTNER_LIMITS.nameEn },
  { name: 'usci', label: 'partner.fields.usci', maxLength: 18 },
  { name: 'contactName', label: 'partner.fields.contactName', maxLength: PARTNER_LIMITS.contactName },
  { name: 'email', label: 'partner.fields.email', maxLength: LIMITS.emailMax },
  { name: 'phone', label: 'partner.fields.phone', maxLength: PARTNER_LIMITS.phone },
  {
    name: 'tags',
    label: 'partner.fields.tags',
    input: 'tags',
    maxCount: PARTNER_LIMITS.tags,
    extra: 'partner.tagsHint',
  },
  { name: 'notes', label: 'partner.fields.notes', input: 'textarea', maxLength: PARTNER_LIMITS.notes },
];

const valuesOf = (r: TPartner) => ({
  partnerType: r.partnerType,
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  usci: r.usci,
  contactName: r.contactName,
  email: r.email,
  phone: r.phone,
  tags: r.tags,
  notes: r.notes,
});

/** Create a partner, or edit one (record given); the contract's schemas (USCI, e-mail ...) are the form's rules. */
export function PartnerFormDialog({ record, onClose, onDone }: TResourceDialogProps<TPartner>) {
  const { t } = useTranslation();
  if (record) {
    return (
      <FormDialog
        title={t('partner.editTitle')}
        fields={FIELDS}
        schema={api.partner.update.input}
        base={{ id: record.id }}
        initialValues={valuesOf(record)}
        submit={(request) => call(api.partner.update, request)}
        success="partner.updated"
        onClose={onClose}
        onDone={onDone}
        testId="partner-form-dialog"
      />
    );
  }
  return (
    <FormDialog
      title={t('partner.createTitle')}
      fields={FIELDS}
      schema={api.partner.add.input}
      initialValues={{ partnerType: 'supplier', tags: [] }}
      submit={(request) => call(api.partner.add, request)}
      success="partner.created"
      onClose={onClose}
      onDone={onDone}
      testId="partner-form-dialog"
    />
  );
}
