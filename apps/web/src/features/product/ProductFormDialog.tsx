import { api, LIMITS, PRODUCT_LIMITS, type TProduct } from '@tracehub/contract';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
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
  return (
    <RecordFormDialog
      record={record}
      fields={FIELDS}
      prepare={prepare}
      invalidates={productKeys.all}
      create={{ endpoint: api.product.addProduct, title: 'product.createTitle', success: 'product.created' }}
      update={{
        endpoint: api.product.updateProduct,
        title: 'product.editTitle',
        success: 'product.updated',
        values: (r) => ({
          name: r.name,
          nameEn: r.nameEn,
          code: r.code,
          batchNo: r.batchNo,
          vinSn: r.vinSn,
          weight: r.weight ?? '',
          unit: r.unit,
          projectCodeId: r.projectCodeId ?? undefined,
          materialIds: r.materials.map((m) => m.id),
          spec: r.spec,
        }),
      }}
      onClose={onClose}
      onDone={onDone}
      testId="product-form-dialog"
    />
  );
}
