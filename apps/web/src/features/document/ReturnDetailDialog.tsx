import { Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  documentCommonEndpoints,
  LIMITS,
  type TDocument,
  type TDocumentTypeDef,
  type TReturnDetail,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { NAMED_TARGETS } from '../../shared/navigation';
import { EMPTY_TEXT, formatNumber } from '../../shared/format';
import type { TResourceDialogProps, TRowAction } from '../../shared/list/types';
import { useSession } from '../../stores/session';
import './document.css';
import { labelKey } from './fields';

/** The action code that lets a session see the returns of a receipt (spec 6 "returned-material data"). */
export const VIEW_RETURNS = 'ViewReturnedMaterial';

const sessionMay = (code: string) => useSession.getState().userInfo?.permissions.includes(code) ?? false;

/** The request of a received line: its number, material code and lot. */
const requestOf = (r: TDocument) => ({
  billNo: r.billNo,
  materialsCode: r.itemCode,
  batchNo: r.batchNo,
  vinSn: r.vinSn,
});

/**
 * The returns of one received line (spec 2.4 "Purchase return detail"): its number, material code, lot and
 * internal batch, the first 20 return numbers, and "view more" to the return list when there are more.
 */
function ReturnDetailDialog({
  def,
  record,
  onClose,
}: {
  def: TDocumentTypeDef;
  record: TDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = requestOf(record);
  const query = useQuery({
    queryKey: ['document', 'returnDetail', request],
    queryFn: ({ signal }) => call(documentCommonEndpoints.purchaseReturnDetail, request, { signal }),
  });
  const detail: TReturnDetail | undefined = query.data;
  const shown = detail?.returnBillNos.slice(0, LIMITS.returnBillNumbersShown) ?? [];
  const more = (detail?.total ?? 0) > LIMITS.returnBillNumbersShown;
  const viewMore = () => {
    if (!detail) return;
    onClose();
    void navigate(
      NAMED_TARGETS.PurchaseReturn({
        params: { billNo: detail.billNo, materialsCode: detail.materialsCode, batchNo: detail.batchNo },
      }),
    );
  };
  const lot = record.vinSn && !record.batchNo ? 'vinSn' : 'batchNo';
  const text = (value: string | null | undefined) => value || EMPTY_TEXT;
  const quantity = (value: string | null | undefined) =>
    value === null || value === undefined ? EMPTY_TEXT : formatNumber(Number(value));
  return (
    <AppDialog
      open
      title={t('document.returnDetail.title')}
      loading={query.isPending}
      onCancel={onClose}
      readOnly
      testId="return-detail-dialog"
    >
      <Descriptions
        className="document-return-detail"
        bordered
        size="middle"
        column={1}
        items={[
          { key: 'billNo', label: t('document.returnDetail.billNo'), children: text(detail?.billNo) },
          {
            key: 'materialsCode',
            label: t(labelKey(def, 'itemCode')),
            children: text(detail?.materialsCode),
          },
          {
            key: lot,
            label: t(labelKey(def, lot)),
            children: text(detail?.[lot]),
          },
          {
            key: 'interiorBatchNo',
            label: t(labelKey(def, 'interiorBatchNo')),
            children: text(detail?.interiorBatchNo),
          },
          {
            key: 'receivedQuantity',
            label: t('document.returnDetail.receivedQuantity'),
            children: quantity(detail?.receivedQuantity),
          },
          {
            key: 'returnedQuantity',
            label: t('document.returnDetail.returnedQuantity'),
            children: quantity(detail?.returnedQuantity),
          },
          {
            key: 'total',
            label: t('document.returnDetail.total'),
            children: detail ? String(detail.total) : EMPTY_TEXT,
          },
          {
            key: 'returnBillNos',
            label: t('document.returnDetail.returnBillNos'),
            children:
              shown.length === 0 ? (
                <Typography.Text type="secondary">{t('document.returnDetail.none')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap data-testid="return-bill-nos">
                  {shown.map((n) => (
                    <Tag key={n}>{n}</Tag>
                  ))}
                  {more && (
                    <Button type="link" size="small" onClick={viewMore} data-testid="return-view-more">
                      {t('document.returnDetail.viewMore')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </AppDialog>
  );
}

/** The dialog of the receipt lists' "Return details" action. */
export function returnDetailDialog(def: TDocumentTypeDef) {
  return function ReceiptReturnDetail({ record, onClose }: TResourceDialogProps<TDocument>) {
    return record ? <ReturnDetailDialog def={def} record={record} onClose={onClose} /> : null;
  };
}

/**
 * "Return details" on a receipt list: shown with the list, and for sessions without the returns permission
 * it says the permission is not configured instead of opening (spec 8).
 */
export function returnDetailAction(def: TDocumentTypeDef): TRowAction<TDocument> {
  return {
    key: 'returnDetail',
    label: 'document.returnDetail.action',
    permission: def.code,
    guard: () => (sessionMay(VIEW_RETURNS) ? null : 'document.returnDetail.noPermission'),
    dialog: 'returnDetail',
  };
}
