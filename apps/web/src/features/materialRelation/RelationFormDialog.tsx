import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_RELATION_LIMITS, type TMaterialRelation, type TPartnerOption } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
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
    const { t } = useTranslation();
    if (record) {
      return (
        <FormDialog
          title={t(`materialRelation.${d.direction}.editTitle`)}
          fields={fields}
          schema={d.endpoints.update.input}
          base={{ id: record.id }}
          initialValues={{
            partnerId: record.partnerId ?? undefined,
            partnerMaterialNo: record.partnerMaterialNo,
            partnerMaterialName: record.partnerMaterialName,
            notes: record.notes,
          }}
          submit={(request) => call(d.endpoints.update, request)}
          success="materialRelation.updated"
          onClose={onClose}
          onDone={onDone}
          testId="relation-form-dialog"
        />
      );
    }
    return (
      <FormDialog
        title={t(`materialRelation.${d.direction}.createTitle`)}
        fields={fields}
        schema={d.endpoints.add.input}
        submit={(request) => call(d.endpoints.add, request)}
        success="materialRelation.created"
        onClose={onClose}
        onDone={onDone}
        testId="relation-form-dialog"
      />
    );
  };
}
