import type { TFunction } from 'i18next';
import type { TEvidenceSubject, TLang } from '@tracehub/contract';
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
  'project.created': 'ledger.events.projectCreated',
  'project.updated': 'ledger.events.projectUpdated',
  'project.deleted': 'ledger.events.projectDeleted',
  'document.created': 'ledger.events.documentCreated',
  'document.updated': 'ledger.events.documentUpdated',
  'document.deleted': 'ledger.events.documentDeleted',
};

export function eventTypeLabel(type: string, t: TFunction): string {
  const key = Object.prototype.hasOwnProperty.call(EVENT_LABELS, type) ? EVENT_LABELS[type] : undefined;
  return key ? t(key) : type;
}

/** The named event types as search options. */
export function eventTypeOptions({ t }: { t: TFunction }): TOption[] {
  return Object.keys(EVENT_LABELS).map((value) => ({ value, label: eventTypeLabel(value, t) }));
}

/**
 * The record an event is about, in words: its kind and business key ("采购入库 RK-XH-001"); without a name
 * (a record gone, a kind without a key) its kind and id as the ledger holds them.
 */
export function subjectLabel(record: TSubjectOf, lang: TLang): string {
  const { kind, name } = subjectParts(record, lang);
  return `${kind} ${name}`;
}

type TSubjectOf = { subjectType: string; subjectId: string; subject: TEvidenceSubject | null };

/** The label's two parts: the kind in the reader's language, and the name as the record holds it. */
export function subjectParts(record: TSubjectOf, lang: TLang): { kind: string; name: string } {
  const s = record.subject;
  if (!s) return { kind: record.subjectType, name: record.subjectId };
  return { kind: s.kind[lang], name: lang === 'en' && s.nameEn ? s.nameEn : s.name };
}
