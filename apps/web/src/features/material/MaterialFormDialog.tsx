import type { ComponentType } from 'react';
import {
  LIMITS,
  MATERIAL_LIMITS,
  materialEndpoints,
  type TMaterial,
  type TMaterialNature,
} from '@tracehub/contract';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';

/** The form's fields: the contract's create request of the nature (homemade ones have no supplier code). */
function fieldsOf(nature: TMaterialNature): TFormField[] {
  return [
    { name: 'code', label: `material.${nature}.code`, maxLength: LIMITS.productCodeOrBatchMax },
    { name: 'name', label: `material.${nature}.name`, maxLength: MATERIAL_LIMITS.nameMax },
    { name: 'nameEn', label: 'material.fields.nameEn', maxLength: MATERIAL_LIMITS.nameMax },
    { name: 'batchNo', label: 'material.fields.batchNo', maxLength: LIMITS.productCodeOrBatchMax },
    { name: 'tracingObject', label: 'material.fields.tracingObject', input: 'switch' },
    { name: 'weight', label: 'material.fields.weight', input: 'decimal', extra: 'material.weightHint' },
    { name: 'unit', label: 'material.fields.unit', maxLength: MATERIAL_LIMITS.unitMax },
    ...(nature === 'purchased'
      ? [
          {
            name: 'supplierMaterialCode',
            label: 'material.fields.supplierMaterialCode',
            maxLength: LIMITS.productCodeOrBatchMax,
          } as const,
        ]
      : []),
    { name: 'receiptNo', label: `material.${nature}.receiptNo`, maxLength: MATERIAL_LIMITS.receiptNoMax },
    { name: 'receiptTime', label: `material.${nature}.receiptTime`, input: 'datetime' },
    {
      name: 'description',
      label: 'material.fields.description',
      input: 'textarea',
      maxLength: MATERIAL_LIMITS.descriptionMax,
      wide: true,
    },
  ];
}

/** The record's values as the form holds them. */
const valuesOf = (r: TMaterial) => ({
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  batchNo: r.batchNo,
  tracingObject: r.tracingObject,
  weight: r.weight ?? '',
  unit: r.unit,
  ...(r.nature === 'purchased' ? { supplierMaterialCode: r.supplierMaterialCode } : {}),
  receiptNo: r.receiptNo,
  receiptTime: r.receiptTime,
  description: r.description,
});

/** Create a material of the nature, or edit one (record given); the contract's schemas are the form's rules. */
export function materialFormDialog(nature: TMaterialNature): ComponentType<TResourceDialogProps<TMaterial>> {
  const endpoints = materialEndpoints[nature];
  const fields = fieldsOf(nature);
  return function MaterialFormDialog({ record, onClose, onDone }: TResourceDialogProps<TMaterial>) {
    return (
      <RecordFormDialog
        record={record}
        fields={fields}
        columns={2}
        create={{
          endpoint: endpoints.add,
          title: `material.${nature}.create`,
          success: 'material.created',
          initialValues: { tracingObject: false },
        }}
        update={{
          endpoint: endpoints.update,
          title: `material.${nature}.editTitle`,
          success: 'material.updated',
          values: valuesOf,
        }}
        onClose={onClose}
        onDone={onDone}
        testId="material-form-dialog"
      />
    );
  };
}
