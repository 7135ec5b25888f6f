import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  documentEndpoints,
  documentType,
  type TDocument,
  type TDocumentEndpoints,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import { call } from '../../api/client';
import {
  defineResource,
  type TColumnDef,
  type TOption,
  type TRenderContext,
  type TResource,
  type TSearchField,
} from '../../shared/list/types';
import { chainStatusColumn } from '../ledger/ChainStatusLink';
import { documentDetailDialog } from './DocumentDetailDialog';
import { documentFormDialog } from './DocumentFormDialog';
import { displayValue } from './display';
import { columnKeys, columnWidth, labelKey, searchKeys, SORTABLE } from './fields';
import { currencyOptions, documentKeys } from './queries';
import { returnDetailAction, returnDetailDialog } from './ReturnDetailDialog';
import { nounOf } from './words';

const yesNoOptions = ({ t }: TRenderContext): TOption[] => [
  { value: 'true', label: t('common.yes') },
  { value: 'false', label: t('common.no') },
];

/** The list's columns: the type's fields, the chain status before the creation time. */
function columnsOf(def: TDocumentTypeDef): TColumnDef<TDocument>[] {
  return columnKeys(def).flatMap((key) => {
    const column: TColumnDef<TDocument> = {
      key,
      label: labelKey(def, key),
      width: columnWidth(key),
      sortable: SORTABLE.has(key),
      render: (r, ctx) => displayValue(r, key, ctx),
    };
    return key === 'createdAt' ? [chainStatusColumn<TDocument>(def.code), column] : [column];
  });
}

/** The list's searches over the type's fields (ZDocumentFilters). */
function searchOf(def: TDocumentTypeDef): TSearchField[] {
  return searchKeys(def).map((s): TSearchField => {
    const label = labelKey(def, s.label);
    switch (s.kind) {
      case 'currency':
        return { type: 'select', prop: s.prop, label, options: currencyOptions(false) };
      case 'yesNo':
        return { type: 'select', prop: s.prop, label, options: yesNoOptions };
      case 'range':
        return {
          type: 'datetimerange',
          prop: s.prop,
          props: s.label === 'bizTime' ? ['bizFrom', 'bizTo'] : ['createdFrom', 'createdTo'],
          label,
          valueFormat: 'epochMs',
        };
      default:
        return { type: 'text', prop: s.prop, label, basic: s.basic };
    }
  });
}

/** Receipts whose lines purchase returns may name: they offer the return details (spec 2.4). */
const hasPurchaseReturns = (def: TDocumentTypeDef) => def.trace === 'receipt' && def.family === 'purchase';

/**
 * The list of one document type (spec 2.2 /stagePurchase ... /internalE, 3 "Documents"), declared from
 * its catalogue entry: the type's fields as columns, searches, form and details; create, edit, delete and
 * bulk delete; the chain status opening the blockchain record; and by declaration bulk import, template,
 * export, upload records and attachments. Purchase receipts add the return details.
 */
function buildDocumentResource(def: TDocumentTypeDef): TResource<TDocumentEndpoints['page']> {
  const { code } = def;
  const endpoints = documentEndpoints[code];
  if (!endpoints) throw new Error(`No endpoints for ${code}`);
  const returns = hasPurchaseReturns(def);
  return defineResource({
    name: def.route,
    code,
    endpoint: endpoints.page,
    keys: documentKeys(code),
    rowKey: 'id',
    importExport: endpoints,
    // Filed under the type's code, so that its family's extensions apply (DOCUMENT_ATTACHMENT_TYPES).
    attachments: { key: (r) => r.id, title: (r) => r.billNo, bizType: String(def.typeCode) },
    columns: columnsOf(def),
    search: searchOf(def),
    toolbar: [
      {
        key: 'create',
        label: (_rows, ctx) => ctx.t('document.create', { noun: nounOf(def, ctx) }),
        permission: `${code}:Create`,
        primary: true,
        icon: <PlusOutlined />,
        dialog: 'form',
      },
      {
        key: 'batchDelete',
        label: 'document.batchDelete',
        permission: `${code}:BatchDelete`,
        icon: <DeleteOutlined />,
        danger: true,
        batch: true,
        confirm: (rows, { t }) => t('document.confirmBatchDelete', { count: rows.length }),
        run: (rows) => call(endpoints.batchDelete, { ids: rows.map((r) => r.id) }),
        success: 'document.deleted',
      },
    ],
    rowActions: [
      { key: 'view', label: 'common.actions.view', dialog: 'detail' },
      ...(returns ? [returnDetailAction(def)] : []),
      { key: 'edit', label: 'document.edit', permission: `${code}:Edit`, dialog: 'form' },
      {
        key: 'delete',
        label: 'document.delete',
        permission: `${code}:Delete`,
        danger: true,
        confirm: (r, { t }) => t('document.confirmDelete', { billNo: r.billNo }),
        run: (r) => call(endpoints.delete, { id: r.id }),
        success: 'document.deleted',
      },
    ],
    dialogs: {
      form: documentFormDialog(def),
      detail: documentDetailDialog(def),
      ...(returns ? { returnDetail: returnDetailDialog(def) } : {}),
    },
  });
}

const resources = new Map<string, TResource<TDocumentEndpoints['page']>>();

/** The list declaration of a document type by its menu code; one per type, so its dialogs keep identity. */
export function documentResourceOf(code: string): TResource<TDocumentEndpoints['page']> {
  let resource = resources.get(code);
  if (!resource) {
    resource = buildDocumentResource(documentType(code));
    resources.set(code, resource);
  }
  return resource;
}
