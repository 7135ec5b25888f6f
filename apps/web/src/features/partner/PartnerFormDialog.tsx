import { api, LIMITS, PARTNER_LIMITS, type TPartner } from '@tracehub/contract';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
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
  return (
    <RecordFormDialog
      record={record}
      fields={FIELDS}
      create={{
        endpoint: api.partner.add,
        title: 'partner.createTitle',
        success: 'partner.created',
        initialValues: { partnerType: 'supplier', tags: [] },
      }}
      update={{
        endpoint: api.partner.update,
        title: 'partner.editTitle',
        success: 'partner.updated',
        values: valuesOf,
      }}
      onClose={onClose}
      onDone={onDone}
      testId="partner-form-dialog"
    />
  );
}
