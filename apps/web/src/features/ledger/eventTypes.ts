import type { TFunction } from 'i18next';
import type { TI18nKey } from '../../i18n';
import type { TOption } from '../../shared/options';

/** Evidence event types the console names; any other type shows as sent. */
const EVENT_LABELS: Readonly<Record<string, TI18nKey>> = {
  'file.uploaded': 'ledger.events.fileUploaded',
  'file.deleted': 'ledger.events.fileDeleted',
  'enterprise.certified': 'ledger.events.enterpriseCertified',
  'company.updated': 'ledger.events.companyUpdated',
  'partner.created': 'ledger.events.partnerCreated',
  'partner.updated': 'ledger.events.partnerUpdated',
  'partner.deleted': 'ledger.events.partnerDeleted',
  'partner.invited': 'ledger.events.partnerInvited',
  'partner.inviteFailed': 'ledger.events.partnerInviteFailed',
  'materialRelation.created': 'ledger.events.materialRelationCreated',
  'materialRelation.updated': 'ledger.events.materialRelationUpdated',
  'materialRelation.deleted': 'ledger.events.materialRelationDeleted',
  'materialRelation.linked': 'ledger.events.materialRelationLinked',
  'materialRelation.unlinked': 'ledger.events.materialRelationUnlinked',
  'material.created': 'ledger.events.materialCreated',
  'material.updated': 'ledger.events.materialUpdated',
  'material.deleted': 'ledger.events.materialDeleted',
  'material.qualityAttached': 'ledger.events.materialQualityAttached',
  'product.created': 'ledger.events.productCreated',
  'product.updated': 'ledger.events.productUpdated',
  'product.deleted': 'ledger.events.productDeleted',
  'product.carbonUploaded': 'ledger.events.productCarbonUploaded',
};

export function eventTypeLabel(type: string, t: TFunction): string {
  const key = Object.prototype.hasOwnProperty.call(EVENT_LABELS, type) ? EVENT_LABELS[type] : undefined;
  return key ? t(key) : type;
}

/** The named event types as search options. */
export function eventTypeOptions({ t }: { t: TFunction }): TOption[] {
  return Object.keys(EVENT_LABELS).map((value) => ({ value, label: eventTypeLabel(value, t) }));
}
