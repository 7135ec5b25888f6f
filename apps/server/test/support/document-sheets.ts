import {
  documentFieldLabel,
  documentFieldsOf,
  documentType,
  type TDocumentLabelKey,
} from '@tracehub/contract';
import { xlsxOf, type Cell } from './workbooks.ts';

/** One row of a document import, by field key (absent fields are empty cells). */
export type DocumentRow = Partial<Record<TDocumentLabelKey, Cell>>;

/** The headers of a document type's import template in a language, in the template's order. */
export function documentHeaders(code: string, lang: 'zh' | 'en'): string[] {
  const def = documentType(code);
  return documentFieldsOf(def).map((k) => documentFieldLabel(def, k)[lang]);
}

/** An import workbook of a document type: the template's headers in the language, then the rows. */
export function documentSheet(
  code: string,
  lang: 'zh' | 'en',
  rows: readonly DocumentRow[],
): Promise<Buffer> {
  const fields = documentFieldsOf(documentType(code));
  return xlsxOf([documentHeaders(code, lang), ...rows.map((r) => fields.map((k) => r[k] ?? null))]);
}
