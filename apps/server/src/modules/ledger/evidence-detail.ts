import type { TEvidenceDetail } from '@tracehub/contract';
import { parseEvidenceLeaf } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { chainDetails, findEventByHash } from '../../platform/ledger/records.ts';
import { mayReadEvidenceContent, mayViewEvidence } from '../../platform/record-access.ts';

/**
 * The evidence detail of one of the enterprise's records by its txHash or data hash (tenant transaction
 * `db`), found and allowed as /graph/getHash does: another enterprise's record, or one outside the caller's
 * data permission, is as unknown as a hash never recorded (L3002). Its content only for a member who may
 * see the record itself (null otherwise).
 */
export async function evidenceDetail(db: Db, tenant: TenantContext, hash: string): Promise<TEvidenceDetail> {
  const event = await findEventByHash(db, hash);
  if (!event || event.enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('LEDGER_NOT_FOUND');
  if (!(await mayViewEvidence(db, tenant, event))) throw new AppError('LEDGER_NOT_FOUND');
  const leaf = parseEvidenceLeaf(event.leafData);
  if (!leaf) throw new AppError('LEDGER_INTEGRITY');
  const [chain] = await chainDetails(db, [event]);
  return {
    id: event.id,
    eventType: event.eventType,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    leafVersion: leaf.v,
    leafData: event.leafData,
    payloadHash: event.payloadHash,
    dataHash: event.dataHash,
    signerDid: event.signerDid,
    chain: chain!,
    createdAt: event.createdAt.getTime(),
    content: (await mayReadEvidenceContent(db, tenant, event))
      ? { payload: event.payload, salt: event.salt }
      : null,
  };
}
