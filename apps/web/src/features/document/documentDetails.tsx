import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  documentType,
  isDocumentTypeCode,
  type TDocument,
  type TDocumentDetail,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import type { TDetailField } from '../../shared/DetailCard';
import { formatNumber } from '../../shared/format';
import { useCloseDetail } from '../../shared/list/RecordDetailDialog';
import { usePermissions } from '../../shared/permissions';

/*
 * What a document's details show beyond its declaration's fields: the related numbers resolved (opening
 * their lists), and for goods received or delivered the returns that name them and what is left to return.
 */

const isDetail = (r: TDocument): r is TDocumentDetail => 'related' in r;

/** The list of a type, searched for one document number (how a related number is opened). */
export const documentListPath = (def: TDocumentTypeDef, billNo: string) =>
  `/${def.route}?${new URLSearchParams({ billNo }).toString()}`;

/**
 * The related numbers resolved in the enterprise: each with the type of the document it names, opening
 * that type's list when the session may see it (and closing the details), or marked as not found.
 */
export function RelatedDocuments({ record }: { record: TDocument }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const navigate = useNavigate();
  const close = useCloseDetail();
  if (!isDetail(record)) return <>{record.relatedBillNos.join(', ')}</>;
  return (
    <Space orientation="vertical" size={2} data-testid="document-related">
      {record.related.map((r) => {
        const def = r.docType && isDocumentTypeCode(r.docType) ? documentType(r.docType) : null;
        if (!def) {
          return (
            <span key={r.billNo}>
              {r.billNo}{' '}
              <Typography.Text type="secondary">({t('document.related.notFound')})</Typography.Text>
            </span>
          );
        }
        const title = pickLangText(lang, def.title.zh, def.title.en);
        return (
          <span key={r.billNo}>
            {can(def.code) ? (
              <Button
                type="link"
                size="small"
                className="document-related-link"
                onClick={() => {
                  close();
                  void navigate(documentListPath(def, r.billNo));
                }}
              >
                {r.billNo}
              </Button>
            ) : (
              r.billNo
            )}{' '}
            <Typography.Text type="secondary">{title}</Typography.Text>
          </span>
        );
      })}
    </Space>
  );
}

/** The returns naming a received or delivered document: the first numbers and how many there are. */
function Returns({ record }: { record: TDocumentDetail }) {
  const { t } = useTranslation();
  return (
    <span data-testid="document-returns">
      {record.returnBillNos.join(', ')}
      {record.returnCount > record.returnBillNos.length && ' …'}{' '}
      <Typography.Text type="secondary">
        {t('document.related.count', { count: record.returnCount })}
      </Typography.Text>
    </span>
  );
}

/** The returns of goods received or delivered (the detail answers them), on a row of their own. */
export const returnsDetail: TDetailField<TDocument> = {
  key: 'returns',
  label: 'document.fields.returns',
  value: (r) => (isDetail(r) && r.returnCount > 0 ? <Returns record={r} /> : null),
  wide: true,
};

/** The quantity of goods received or delivered still returnable. */
export const returnableDetail: TDetailField<TDocument> = {
  key: 'returnable',
  label: 'document.fields.returnable',
  value: (r) => (isDetail(r) && r.returnable !== null ? formatNumber(Number(r.returnable)) : null),
};
