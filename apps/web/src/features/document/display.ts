import type { TDocument, TDocumentLabelKey } from '@tracehub/contract';
import { pickLangText } from '../../i18n';
import { formatDateTime, formatNumber } from '../../shared/format';
import type { TRenderContext } from '../../shared/options';
import { fieldKind } from './fields';

/**
 * A field's value as the lists and details show it (null: blank, shown as "--"): times as date and time,
 * decimals with thousands separators and up to 4 decimals (spec 9), yes or no, the partner's name in the
 * language, related numbers in a row.
 */
export function displayValue(record: TDocument, key: TDocumentLabelKey, ctx: TRenderContext): string | null {
  if (key === 'partnerName') return pickLangText(ctx.lang, record.partnerName, record.partnerNameEn) || null;
  const value = record[key];
  if (value === null || value === undefined || value === '') return null;
  switch (fieldKind(key)) {
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : null;
    case 'decimal':
      return formatNumber(Number(value));
    case 'yesNo':
      return ctx.t(value === true ? 'common.yes' : 'common.no');
    case 'related':
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : null;
    default:
      return String(value);
  }
}
