import { useMemo, type ComponentType } from 'react';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  documentEndpoints,
  documentFieldsOf,
  documentType,
  isDocumentTypeCode,
  type TDocument,
  type TDocumentDetail,
  type TDocumentLabelKey,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import type { TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { RecordDetailDialog } from '../../shared/list/RecordDetailDialog';
import type { TResourceDialogProps } from '../../shared/list/types';
import { usePermissions } from '../../shared/permissions';
import { ChainStatusLink } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { displayValue } from './display';
import { labelKey } from './fields';
import { documentKeys } from './queries';
import { nounOf } from './words';
import './document.css';

/** Wide enough for two columns of fields and full hashes. */
const DETAIL_DIALOG_WIDTH = 920;

const isDetail = (r: TDocument): r is TDocumentDetail => 'related' in r;

/** The list of a type, searched for one document number (how a related number is opened). */
export const documentListPath = (def: TDocumentTypeDef, billNo: string) =>
  `/${def.route}?${new URLSearchParams({ billNo }).toString()}`;

/**
 * The related numbers resolved in the enterprise: each with the type of the document it names, opening
 * that type's list when the session may see it, or marked as not found.
 */
function RelatedDocuments({ record, onOpen }: { record: TDocument; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const navigate = useNavigate();
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
                  onOpen();
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

/** Every field of the type, the related documents, returns, chain status and hash, and the times. */
export function detailFields(def: TDocumentTypeDef, onOpen: () => void): TDetailField<TDocument>[] {
  const field = (key: TDocumentLabelKey, wide = false): TDetailField<TDocument> => ({
    key,
    label: labelKey(def, key),
    value: (r, ctx) => displayValue(r, key, ctx),
    wide,
  });
  const fields: TDetailField<TDocument>[] = [];
  for (const key of documentFieldsOf(def)) {
    if (key === 'notes') continue;
    if (key === 'relatedBillNos') {
      fields.push({
        key,
        label: labelKey(def, key),
        value: (r) => (r.relatedBillNos.length ? <RelatedDocuments record={r} onOpen={onOpen} /> : null),
        wide: true,
      });
      continue;
    }
    fields.push(field(key));
    if (key === 'partnerCode') fields.push(field('partnerName'));
  }
  if (def.trace === 'receipt' || def.trace === 'delivery') {
    fields.push({
      key: 'returns',
      label: 'document.fields.returns',
      value: (r) => (isDetail(r) && r.returnCount > 0 ? <Returns record={r} /> : null),
      wide: true,
    });
    fields.push({
      key: 'returnable',
      label: 'document.fields.returnable',
      value: (r, ctx) =>
        isDetail(r) && r.returnable !== null
          ? displayValue({ ...r, quantity: r.returnable }, 'quantity', ctx)
          : null,
    });
  }
  fields.push(
    {
      key: 'chain',
      label: 'ledger.records.fields.chainStatus',
      value: (r) => <ChainStatusLink chain={r.chain} permission={`${def.code}:ViewBCdata`} />,
    },
    { key: 'createdAt', label: labelKey(def, 'createdAt'), value: (r) => formatDateTime(r.createdAt) },
    {
      key: 'txHash',
      label: 'ledger.records.fields.txHash',
      value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
      wide: true,
    },
    field('notes', true),
  );
  return fields;
}

/** A record's details, fetched fresh: all fields of its type, its related documents resolved, its evidence. */
export function documentDetailDialog(def: TDocumentTypeDef): ComponentType<TResourceDialogProps<TDocument>> {
  const endpoints = documentEndpoints[def.code];
  if (!endpoints) throw new Error(`No endpoints for ${def.code}`);
  const keys = documentKeys(def.code);
  return function DocumentDetailDialog({ record, onClose }: TResourceDialogProps<TDocument>) {
    const { t } = useTranslation();
    const lang = useLang();
    const fields = useMemo(() => detailFields(def, onClose), [onClose]);
    return (
      <RecordDetailDialog
        record={record}
        endpoint={endpoints.detail}
        queryKey={keys.detail}
        title={t('document.detailTitle', { noun: nounOf(def, { t, lang }) })}
        fields={fields}
        onClose={onClose}
        width={DETAIL_DIALOG_WIDTH}
        testId="document-detail-dialog"
      />
    );
  };
}
