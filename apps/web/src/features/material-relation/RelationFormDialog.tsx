import type { ComponentType } from 'react';
import { MATERIAL_RELATION_LIMITS, type TMaterialRelation, type TPartnerOption } from '@tracehub/contract';
import { call } from '../../api/client';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { remoteOptions, type TOption } from '../../shared/options';
import type { TDirection } from './directions';
import { relationKeys } from './queries';

/** How the partner select names a partner: its code and name in the language. */
const partnerLabel = (p: TPartnerOption, lang: 'zh' | 'en') =>
  `${p.code} · ${lang === 'en' && p.nameEn ? p.nameEn : p.name}`;

function fieldsOf(d: TDirection): TFormField[] {
  const words = `materialRelation.${d.direction}` as const;
  return [
    {
      name: 'partnerId',
      label: `${words}.partner`,
      input: 'select',
      placeholder: 'materialRelation.partnerPlaceholder',
      options: remoteOptions(
        relationKeys(d.direction).partnerOptions(),
        () => call(d.endpoints.partnerOptions, {}),
        (p: TPartnerOption, { lang }): TOption => ({ value: p.id, label: partnerLabel(p, lang) }),
      ),
    },
    {
      name: 'partnerMaterialNo',
      label: `${words}.materialNo`,
      maxLength: MATERIAL_RELATION_LIMITS.materialNo,
    },
    {
      name: 'partnerMaterialName',
      label: `${words}.materialName`,
      maxLength: MATERIAL_RELATION_LIMITS.materialName,
    },
    {
      name: 'notes',
      label: 'materialRelation.fields.notes',
      input: 'textarea',
      maxLength: MATERIAL_RELATION_LIMITS.notes,
    },
  ];
}

/** Create a mapping of the direction, or edit one (record given); the own side is chosen on the link page. */
export function relationFormDialog(d: TDirection): ComponentType<TResourceDialogProps<TMaterialRelation>> {
  const fields = fieldsOf(d);
  return function RelationFormDialog({ record, onClose, onDone }: TResourceDialogProps<TMaterialRelation>) {
    return (
      <RecordFormDialog
        record={record}
        fields={fields}
        create={{
          endpoint: d.endpoints.add,
          title: `materialRelation.${d.direction}.createTitle`,
          success: 'materialRelation.created',
        }}
        update={{
          endpoint: d.endpoints.update,
          title: `materialRelation.${d.direction}.editTitle`,
          success: 'materialRelation.updated',
          values: (r) => ({
            partnerId: r.partnerId ?? undefined,
            partnerMaterialNo: r.partnerMaterialNo,
            partnerMaterialName: r.partnerMaterialName,
            notes: r.notes,
          }),
        }}
        onClose={onClose}
        onDone={onDone}
        testId="relation-form-dialog"
      />
    );
  };
}
