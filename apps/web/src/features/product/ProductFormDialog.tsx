import { useTranslation } from 'react-i18next';
import { api, LIMITS, PRODUCT_LIMITS, type TProduct } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { materialSearch, projectOptions } from './productOptions';
import { productKeys } from './queries';

/**
 * The product form. The weight is typed as text and checked with the contract's rule (9 integer digits,
 * 4 decimals), so a value beyond it is refused with the rule's message rather than silently cut.
 */
const FIELDS: readonly TFormField[] = [
  { name: 'name', label: 'product.fields.name', maxLength: PRODUCT_LIMITS.nameMax },
  { name: 'nameEn', label: 'product.fields.nameEn', maxLength: PRODUCT_LIMITS.nameMax },
  { name: 'code', label: 'product.fields.code', maxLength: LIMITS.productCodeOrBatchMax },
  { name: 'batchNo', label: 'product.fields.batchNo', maxLength: LIMITS.productCodeOrBatchMax },
  {
    name: 'vinSn',
    label: 'product.fields.vinSn',
    maxLength: LIMITS.productCodeOrBatchMax,
    extra: 'product.hints.vinSn',
  },
  { name: 'weight', label: 'product.fields.weight', extra: 'product.hints.weight' },
  { name: 'unit', label: 'product.fields.unit', maxLength: PRODUCT_LIMITS.unitMax },
  { name: 'projectCodeId', label: 'product.fields.project', input: 'select', options: projectOptions },
  {
    name: 'materialIds',
    label: 'product.fields.materials',
    input: 'select',
    multiple: true,
    maxCount: PRODUCT_LIMITS.materialsMax,
    search: materialSearch,
    extra: 'product.hints.materials',
  },
  { name: 'spec', label: 'product.fields.spec', input: 'textarea', maxLength: PRODUCT_LIMITS.specMax },
];

/** A cleared select answers undefined; the request names "no project" as null. */
const prepare = (values: Record<string, unknown>) => ({
  ...values,
  projectCodeId: values.projectCodeId ?? null,
  materialIds: values.materialIds ?? [],
});

/** Create a product, or edit one (record given); the contract's schemas are the form's rules. */
export function ProductFormDialog({ record, onClose, onDone }: TResourceDialogProps<TProduct>) {
  const { t } = useTranslation();
  if (record) {
    return (
      <FormDialog
        title={t('product.editTitle')}
        fields={FIELDS}
        schema={api.product.updateProduct.input}
        base={{ id: record.id }}
        prepare={prepare}
        initialValues={{
          name: record.name,
          nameEn: record.nameEn,
          code: record.code,
          batchNo: record.batchNo,
          vinSn: record.vinSn,
          weight: record.weight ?? '',
          unit: record.unit,
          projectCodeId: record.projectCodeId ?? undefined,
          materialIds: record.materials.map((m) => m.id),
          spec: record.spec,
        }}
        submit={(request) => call(api.product.updateProduct, request)}
        success="product.updated"
        invalidates={productKeys.all}
        onClose={onClose}
        onDone={onDone}
        testId="product-form-dialog"
      />
    );
  }
  return (
    <FormDialog
      title={t('product.createTitle')}
      fields={FIELDS}
      schema={api.product.addProduct.input}
      prepare={prepare}
      submit={(request) => call(api.product.addProduct, request)}
      success="product.created"
      invalidates={productKeys.all}
      onClose={onClose}
      onDone={onDone}
      testId="product-form-dialog"
    />
  );
}
