import type { z } from 'zod';
import {
  documentEndpoints,
  documentType,
  type TDocument,
  type TDocumentEndpoints,
  type TDocumentTypeDef,
  type TLang,
  unitLabel,
  TRAJECTORY_CODE,
} from '@tracehub/contract';
import { pickLangText } from '../../i18n';
import { formatMoney } from '../../shared/format';
import type { TFormField } from '../../shared/form/types';
import { recordResource } from '../../shared/list/recordResource';
import type { TResource } from '../../shared/list/types';
import { chainStatusColumn, chainStatusDetail, txHashDetail } from '../ledger/ChainStatusLink';
import { RelatedDocuments, returnableDetail, returnsDetail } from './documentDetails';
import { documentRecordOfType, requiredFieldKeys } from './fields';
import { itemPicker, partnerPicker } from './pickers';
import { currencyOptions, documentKeys } from './queries';
import { returnDetailAction, returnDetailDialog } from './ReturnDetailDialog';
import { TrajectoryDialog, trajectoryRowAction, trajectoryToolbarAction } from './TrajectoryAction';
import './document.css';

/** A money column: '1,250,000.00 CNY'. */
const MONEY_WIDTH = 130;

/** Wide enough for two columns of fields and full hashes. */
const DETAIL_DIALOG_WIDTH = 920;

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A field the type requires: its own rule refuses a blank value too, so the form marks it and says so as
 * soon as it is left (the type's rule over the whole document would only tell on submit).
 */
const requiredRule = (own: z.ZodType | undefined): z.ZodType | undefined =>
  own?.refine((v) => !isBlank(v), { error: 'v.required' });

/** Fields whose change re-checks this one: the type's rules tie them together. */
const DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  amount: ['quantity', 'unitPrice'],
  currency: ['unitPrice', 'amount'],
  batchNo: ['vinSn'],
};

/**
 * The form's controls beyond the declaration's: the required marks of the type, the counterparty and item
 * pickers, the currency select (blank, with its "(Empty)" option), the related numbers typed as tags.
 */
function formFieldsOf(def: TDocumentTypeDef): Record<string, Partial<TFormField>> {
  const record = documentRecordOfType(def);
  const shape = record.create.shape as Record<string, z.ZodType>;
  const fields: Record<string, Partial<TFormField>> = {};
  const add = (key: string, more: Partial<TFormField>) => (fields[key] = { ...fields[key], ...more });
  for (const [key, dependencies] of Object.entries(DEPENDENCIES)) add(key, { dependencies });
  for (const key of requiredFieldKeys(def)) {
    const schema = requiredRule(shape[key]);
    if (schema) add(key, { schema });
  }
  // Starts blank with its placeholder; the "(Empty)" option stays for clearing a chosen one (spec 2.4).
  add('currency', { options: currencyOptions(true), placeholder: 'document.currencyPlaceholder' });
  add('relatedBillNos', { placeholder: 'document.relatedPlaceholder', wide: true });
  if (def.partner) add('partnerCode', { render: partnerPicker(def.code, record.fields.partnerCode.max) });
  const item = itemPicker(def, record.fields.itemCode.max);
  if (item) add('itemCode', { render: item });
  return fields;
}

/** Receipts whose lines purchase returns may name: they offer the return details (spec 2.4). */
const hasPurchaseReturns = (def: TDocumentTypeDef) => def.trace === 'receipt' && def.family === 'purchase';

/**
 * The list of one document type (spec 2.2 /stagePurchase ... /internalE, 3 "Documents"), from its
 * declaration (contract documentRecordOf): the type's fields as columns, searches, form and details;
 * create, edit, delete and bulk delete; bulk import, template, export, upload records and attachments of
 * its family's types. Added here: the pickers and the currency select, the partner's name in the language,
 * the related numbers resolved, the returns of goods, the chain status, and on purchase receipts the
 * return details.
 */
function buildDocumentResource(def: TDocumentTypeDef): TResource<TDocumentEndpoints['page']> {
  const record = documentRecordOfType(def);
  const has = (key: string) => record.formFields.some((f) => f.key === key);
  const goods = def.trace === 'receipt' || def.trace === 'delivery';
  const returns = hasPurchaseReturns(def);
  // Shipments carry both places: their trajectory map (spec 2.4).
  const trajectory = def.actions?.some((a) => a.code === TRAJECTORY_CODE) ?? false;
  // A document in words, as the evidence dialog names it: its type and number ("采购入库 RK-XH-001").
  const subjectOf = (r: TDocument, lang: TLang) =>
    `${lang === 'zh' ? def.title.zh : def.singular.charAt(0).toUpperCase() + def.singular.slice(1)} ${r.billNo}`;
  return recordResource<TDocumentEndpoints, TDocument>(
    record,
    documentEndpoints[def.code]!,
    { name: def.route, keys: documentKeys(def.code) },
    {
      render: {
        partnerName: (r, { lang }) => pickLangText(lang, r.partnerName, r.partnerNameEn) || null,
        unitPrice: (r) => (r.unitPrice === null ? null : formatMoney(r.unitPrice, r.currency)),
        amount: (r) => (r.amount === null ? null : formatMoney(r.amount, r.currency)),
        unit: (r, { lang }) => unitLabel(r.unit, lang) || null,
      },
      columns: {
        relatedBillNos: { render: (r) => r.relatedBillNos.join(', ') || null },
        // Room for the currency after the two decimals, for a 17-character VIN; a quantity is short.
        unitPrice: { width: MONEY_WIDTH },
        amount: { width: MONEY_WIDTH },
        vinSn: { width: 170 },
        quantity: { width: 100 },
      },
      details: {
        relatedBillNos: {
          value: (r) => (r.relatedBillNos.length ? <RelatedDocuments record={r} /> : null),
        },
      },
      columnsBefore: { createdAt: [chainStatusColumn<TDocument>(def.code, subjectOf)] },
      detailsAfter: {
        ...(goods ? { quantity: [returnableDetail], relatedBillNos: [returnsDetail] } : {}),
        createdAt: [chainStatusDetail<TDocument>(def.code, subjectOf), txHashDetail<TDocument>()],
      },
      searchOptions: { currency: currencyOptions(false) },
      formFields: formFieldsOf(def),
      formColumns: 2,
      initialValues: {
        ...(has('signed') ? { signed: false } : {}),
        relatedBillNos: [],
      },
      // After the standard ones, under "More": the row's links stay narrow, its data in view.
      rowActionsAfter: returns
        ? { delete: [returnDetailAction(def)] }
        : trajectory
          ? { delete: [trajectoryRowAction] }
          : {},
      toolbarAfter: trajectory ? { batchDelete: [trajectoryToolbarAction] } : {},
      dialogs: returns
        ? { returnDetail: returnDetailDialog(def) }
        : trajectory
          ? { trajectory: TrajectoryDialog }
          : {},
      texts: {
        create: 'document.create',
        createTitle: 'document.create',
        detailTitle: 'document.detailTitle',
        confirmDelete: 'document.confirmDelete',
        confirmBatchDelete: 'document.confirmBatchDelete',
      },
      detailWidth: DETAIL_DIALOG_WIDTH,
      testId: 'document',
    },
  );
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
