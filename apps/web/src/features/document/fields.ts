import {
  DOCUMENT_TYPES,
  documentRecords,
  documentRequiredFields,
  type TDocumentLabelKey,
  type TDocumentRecord,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';
import { recordColumnKeys, recordSearchFields } from '../../shared/list/recordFields';
import type { TSearchField } from '../../shared/list/types';

/*
 * A document type's list as its declaration (contract documentRecordOf) gives it, in the terms of this
 * feature: its columns, form fields, required fields, searches and sorts, all derived, so that a new type in
 * the catalogue needs nothing here.
 */

export const documentRecordOfType = (def: TDocumentTypeDef): TDocumentRecord => documentRecords[def.code]!;

/**
 * A field's name as a translation key (the locale's document.labels, built from the contract's field
 * table): item and partner names depend on the type.
 */
export function labelKey(def: TDocumentTypeDef, key: TDocumentLabelKey): TI18nKey {
  if (key === 'itemCode' || key === 'itemName') return `document.labels.item.${def.item}.${key}`;
  if (key === 'partnerCode' || key === 'partnerName') {
    return def.partner ? `document.labels.partner.${def.partner}.${key}` : `document.labels.fields.${key}`;
  }
  return `document.labels.fields.${key}`;
}

/** The form fields of a type, in form order. */
export const formFieldKeys = (def: TDocumentTypeDef): TDocumentLabelKey[] =>
  documentRecordOfType(def).formFields.map((f) => f.key as TDocumentLabelKey);

/**
 * The form fields a type requires besides the number and time, marked and checked as they are typed. A
 * required lot is a batch number or a VIN/SN: the whole form's check reports it on the batch number.
 */
export const requiredFieldKeys = (def: TDocumentTypeDef): Set<TDocumentLabelKey> =>
  new Set(documentRequiredFields(def));

/** The list's columns of a type (the page adds the chain status before the creation time). */
export const columnKeys = (def: TDocumentTypeDef): TDocumentLabelKey[] =>
  recordColumnKeys(documentRecordOfType(def)) as TDocumentLabelKey[];

/** Columns the list endpoint sorts by (every type the same). */
export const SORTABLE: ReadonlySet<TDocumentLabelKey> = new Set(
  documentRecordOfType(DOCUMENT_TYPES[0]!).sortable,
);

/** The searches a type offers in its search panel: only over the fields it has. */
export const searchKeys = (def: TDocumentTypeDef): TSearchField[] =>
  recordSearchFields(documentRecordOfType(def));
