import {
  partnerRecord,
  type TLang,
  type TPartnerInviteFailure,
  type TPartnerInviteFailureItem,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import type { TenantScope } from '../../platform/list-query.ts';
import { defineRecordStore } from '../../platform/records/store.ts';
import { failedInvitesOfImport, partnerTags, settlementIs, type PartnerRow } from './repo.ts';
import { certifiedByUsci, refreshSettlement } from './settlement.ts';

// Partner enterprises (/basicData/partner): the store derives the list, detail, writes and evidence from the
// contract's declaration; the partner's rules are its hooks. A partner is the certified enterprise with its
// USCI (looked up when it is written, refreshed whenever it is read); its type changes only while nothing
// references it; other modules follow its code and name (onPartnersWritten). Every change is recorded as
// evidence in the request's transaction.

/**
 * What other modules do when partners are written (created, imported, changed): material code mappings
 * follow a partner's code and name. Registered by those modules, so that this one needs none of them.
 */
export type PartnersWritten = (
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  rows: readonly PartnerRow[],
) => Promise<void>;

const writtenHooks: PartnersWritten[] = [];

export function onPartnersWritten(hook: PartnersWritten): void {
  writtenHooks.push(hook);
}

/** The export's invitation: its status, a failure with its reason ('Failed: No e-mail address'). */
function invitationText(row: PartnerRow, lang: TLang): string {
  if (row.inviteStatus !== 'failed') return row.inviteStatus;
  const reason = partnerRecord.fields.inviteError.options.find((o) => o.value === row.inviteError)?.label;
  const failed = lang === 'zh' ? '邀请失败' : 'Failed';
  return reason ? `${failed}${lang === 'zh' ? '：' : ': '}${reason[lang]}` : failed;
}

export const partnerStore = defineRecordStore<typeof partnerRecord, PartnerRow>(partnerRecord, {
  table: partners,
  references: 'partner',
  guarded: ['partnerType'],
  hooks: {
    /** The platform enterprise of a new partner, or of one whose USCI changes (one look-up a batch). */
    async valuesBatch({ db }, writes) {
      const kept = (w: (typeof writes)[number]) => w.current !== null && w.current.usci === w.values.usci;
      const enterprises = await certifiedByUsci(
        db,
        writes.filter((w) => !kept(w)).map((w) => String(w.values.usci)),
      );
      return writes.map((w) => ({
        partnerEnterpriseUuid: kept(w)
          ? w.current!.partnerEnterpriseUuid
          : (enterprises.get(String(w.values.usci))?.uuid ?? null),
      }));
    },
    /** Settlement refreshed (one look-up a page), with the DID of the certified enterprise. */
    async presentBatch({ db, tenant }, rows) {
      const { rows: fresh, enterprises } = await refreshSettlement(db, tenant, rows);
      return fresh.map((r) => ({
        settled: r.partnerEnterpriseUuid !== null,
        did: (r.partnerEnterpriseUuid && enterprises.get(r.usci)?.did) || null,
      }));
    },
    async afterWrite({ db, tenant }, rows) {
      for (const hook of writtenHooks) await hook(db, tenant, rows);
    },
    listWhere: (req) => [settlementIs(req.settlement)],
    exportValues: {
      settled: (row) => row.partnerEnterpriseUuid !== null,
      inviteStatus: (row, format) => invitationText(row, format.lang),
    },
  },
});

export const pagePartners = partnerStore.page;

/** A partner the caller may see, or null. */
export const findPartner = (db: Db, tenant: TenantScope, id: number) => partnerStore.find(db, tenant, id);

export const tagsOf = (db: Db, tenant: TenantContext) => partnerTags(db, tenant);

export async function importInviteFailures(
  db: Db,
  tenant: TenantContext,
  importId: string,
): Promise<TPartnerInviteFailureItem[]> {
  const rows = await failedInvitesOfImport(db, tenant, importId);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    email: r.email,
    reason: (r.inviteError as TPartnerInviteFailure | null) ?? 'mailFailed',
  }));
}
