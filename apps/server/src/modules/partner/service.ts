import type {
  api,
  TListResponse,
  TParsed,
  TPartner,
  TPartnerCreate,
  TPartnerInviteFailure,
  TPartnerInviteFailureItem,
  TPartnerInviteResult,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidence, appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE, partnerEvidence } from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { invitePartners, type InviteDeps } from './invite.ts';
import {
  deletePartners,
  existingKeys,
  failedInvitesOfImport,
  findPartner,
  findPartners,
  insertPartners,
  partnerListQuery,
  partnerTags,
  updatePartner,
  type PartnerRow,
} from './repo.ts';
import { partnerEnterpriseOf, refreshSettlement } from './settlement.ts';

// Partner enterprises (/basicData/partner). Every function takes the tenant transaction; each change is
// recorded as evidence in it, so there is never a change without its evidence or the reverse.

type Input<K extends keyof typeof api.partner> = TParsed<(typeof api.partner)[K]>;

const UNIQUE_CODE = 'partners_enterprise_type_code_uq';
const UNIQUE_USCI = 'partners_enterprise_type_usci_uq';

async function mustFind(db: Db, tenant: TenantContext, id: number): Promise<PartnerRow> {
  const row = await findPartner(db, tenant, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Code and USCI must be free in the type (the partner itself aside, when it is being edited). */
async function assertFree(
  db: Db,
  tenant: TenantContext,
  input: TPartnerCreate,
  current: PartnerRow | null = null,
): Promise<void> {
  const found = await existingKeys(db, tenant, [input]);
  const same = (field: 'code' | 'usci') =>
    current !== null && current.partnerType === input.partnerType && current[field] === input[field];
  if (found.codes.has(`${input.partnerType}:${input.code}`) && !same('code')) {
    throw new AppError('PARTNER_CODE_EXISTS');
  }
  if (found.uscis.has(`${input.partnerType}:${input.usci}`) && !same('usci')) {
    throw new AppError('PARTNER_USCI_EXISTS');
  }
}

/** A concurrent request that won a unique index is the same duplicate as one found before. */
const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_CODE]: 'PARTNER_CODE_EXISTS', [UNIQUE_USCI]: 'PARTNER_USCI_EXISTS' });

/**
 * The rows as the API shows them: settlement refreshed (one look-up for the page), each with the DID of its
 * certified enterprise and the chain detail of its latest evidence.
 */
export async function presentPartners(
  db: Db,
  tenant: TenantContext,
  rows: readonly PartnerRow[],
): Promise<TPartner[]> {
  const { rows: fresh, enterprises } = await refreshSettlement(db, tenant, rows);
  const chains = await latestChainDetails(
    db,
    EVIDENCE.partnerCreated.subjectType,
    fresh.map((r) => String(r.id)),
  );
  return fresh.map((r) => ({
    id: r.id,
    partnerType: r.partnerType,
    code: r.code,
    name: r.name,
    nameEn: r.nameEn,
    usci: r.usci,
    contactName: r.contactName,
    email: r.email,
    phone: r.phone,
    tags: r.tags,
    notes: r.notes,
    settled: r.partnerEnterpriseUuid !== null,
    did: (r.partnerEnterpriseUuid && enterprises.get(r.usci)?.did) || null,
    inviteStatus: r.inviteStatus,
    inviteError: (r.inviteError as TPartnerInviteFailure | null) ?? null,
    invitedAt: r.invitedAt ? r.invitedAt.getTime() : null,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}

const detailOf = async (db: Db, tenant: TenantContext, row: PartnerRow): Promise<TPartner> =>
  (await presentPartners(db, tenant, [row]))[0]!;

export async function pagePartners(
  db: Db,
  tenant: TenantContext,
  req: Input<'page'>,
): Promise<TListResponse<TPartner>> {
  const { list, total } = await runListQuery(db, partnerListQuery(tenant, req));
  return { list: await presentPartners(db, tenant, list), total };
}

export async function partnerDetail(db: Db, tenant: TenantContext, id: number): Promise<TPartner> {
  return detailOf(db, tenant, await mustFind(db, tenant, id));
}

export async function addPartner(
  db: Db,
  deps: InviteDeps,
  tenant: TenantContext,
  input: Input<'add'>,
): Promise<TPartner> {
  await assertFree(db, tenant, input);
  const partnerEnterpriseUuid = await partnerEnterpriseOf(db, input.usci);
  const [row] = await duplicateAsExists(() =>
    insertPartners(db, tenant, [{ ...input, partnerEnterpriseUuid }]),
  );
  await appendEvidence(db, deps.keys, partnerEvidence(EVIDENCE.partnerCreated, row!));
  await afterPartnersWritten(db, tenant, [row!]);
  return detailOf(db, tenant, row!);
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

function unchanged(current: PartnerRow, input: TPartnerCreate): boolean {
  return (
    current.partnerType === input.partnerType &&
    current.code === input.code &&
    current.name === input.name &&
    current.nameEn === input.nameEn &&
    current.usci === input.usci &&
    current.contactName === input.contactName &&
    current.email === input.email &&
    current.phone === input.phone &&
    sameTags(current.tags, input.tags) &&
    current.notes === input.notes
  );
}

/**
 * Changes a partner. Its type changes only while nothing references it (mappings of the other direction
 * would name it); code and name changes reach the mappings that name it. Nothing changed: nothing recorded.
 */
export async function editPartner(
  db: Db,
  deps: InviteDeps,
  tenant: TenantContext,
  input: Input<'update'>,
): Promise<TPartner> {
  const current = await mustFind(db, tenant, input.id);
  const { id: _id, ...fields } = input;
  if (unchanged(current, fields)) return detailOf(db, tenant, current);
  await assertFree(db, tenant, fields, current);
  if (current.partnerType !== fields.partnerType) {
    await assertNotReferenced(db, tenant, 'partner', [current]);
  }
  const partnerEnterpriseUuid =
    current.usci === fields.usci ? current.partnerEnterpriseUuid : await partnerEnterpriseOf(db, fields.usci);
  const row = await duplicateAsExists(() =>
    updatePartner(db, tenant, current.id, { ...fields, partnerEnterpriseUuid }),
  );
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, deps.keys, partnerEvidence(EVIDENCE.partnerUpdated, row));
  await afterPartnersWritten(db, tenant, [row]);
  return detailOf(db, tenant, row);
}

/** Deletes partners that nothing references (spec 8), all or none, and records each deletion. */
export async function removePartners(
  db: Db,
  deps: InviteDeps,
  tenant: TenantContext,
  ids: readonly number[],
): Promise<null> {
  const found = await findPartners(db, tenant, ids);
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  await assertNotReferenced(db, tenant, 'partner', found);
  const deleted = await deletePartners(
    db,
    tenant,
    found.map((r) => r.id),
  );
  if (deleted.length !== found.length) throw new AppError('NOT_FOUND');
  await appendEvidenceBatch(
    db,
    deps.keys,
    deleted.map((row) => partnerEvidence(EVIDENCE.partnerDeleted, row)),
  );
  return null;
}

export async function invite(
  db: Db,
  deps: InviteDeps,
  tenant: TenantContext,
  ids: readonly number[],
): Promise<TPartnerInviteResult> {
  const found = await findPartners(db, tenant, ids);
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return invitePartners(db, deps, tenant, found);
}

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

export async function afterPartnersWritten(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  rows: readonly PartnerRow[],
): Promise<void> {
  for (const hook of writtenHooks) await hook(db, tenant, rows);
}
