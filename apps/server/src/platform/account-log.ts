import type { TLogAction } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { accountLog } from '../db/schema.ts';
import type { RequestMeta } from './context.ts';

export interface AccountLogEntry {
  userId: number | null;
  enterpriseUuid: string | null;
  action: TLogAction;
  result: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

/** Appends one line to the account log (the console's system log). */
export async function writeAccountLog(db: Db, meta: RequestMeta, entry: AccountLogEntry): Promise<void> {
  await db.insert(accountLog).values({
    userId: entry.userId,
    enterpriseUuid: entry.enterpriseUuid,
    action: entry.action,
    result: entry.result,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    detail: entry.detail ?? null,
  });
}
