import { useTranslation } from 'react-i18next';
import { api, type TProduct } from '@tracehub/contract';
import { RecordDetailDialog } from '../../shared/list/RecordDetailDialog';
import type { TResourceDialogProps } from '../../shared/list/types';
import { CARBON_RESULT_FIELDS } from './carbonFields';
import { productKeys } from './queries';

/**
 * Spec 2.4 "Carbon calculation result": the product and its current footprint, fetched fresh (the row
 * action is offered only for products that have one).
 */
export function CarbonResultDialog({ record, onClose }: TResourceDialogProps<TProduct>) {
  const { t } = useTranslation();
  return (
    <RecordDetailDialog
      record={record}
      endpoint={api.product.getProductDetailById}
      queryKey={productKeys.detail}
      title={`${t('product.carbon.resultTitle')} · ${record?.code ?? ''}`}
      fields={CARBON_RESULT_FIELDS}
      onClose={onClose}
      testId="carbon-result-dialog"
    />
  );
}
