import type { TFunction } from 'i18next';
import type { TI18nKey } from '../../i18n';
import type { TOption } from '../../shared/options';

/** Evidence event types the console names; any other type shows as sent. */
const EVENT_LABELS: Readonly<Record<string, TI18nKey>> = {
  'file.uploaded': 'ledger.events.fileUploaded',
  'enterprise.certified': 'ledger.events.enterpriseCertified',
  'company.updated': 'ledger.events.companyUpdated',
};

export function eventTypeLabel(type: string, t: TFunction): string {
  const key = Object.prototype.hasOwnProperty.call(EVENT_LABELS, type) ? EVENT_LABELS[type] : undefined;
  return key ? t(key) : type;
}

/** The named event types as search options. */
export function eventTypeOptions({ t }: { t: TFunction }): TOption[] {
  return Object.keys(EVENT_LABELS).map((value) => ({ value, label: eventTypeLabel(value, t) }));
}
