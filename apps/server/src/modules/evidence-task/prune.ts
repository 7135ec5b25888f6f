import { lt, sql } from 'drizzle-orm';
import { evidenceUploads } from '../../db/schema.ts';
import type { Prune } from '../../platform/housekeeping.ts';
import { UPLOAD_TTL_MS } from './repo.ts';

/** An uploaded VIN list is read for an hour (repo.ts uploadRow); it goes a day after. */
export const evidenceUploadPrune: Prune = {
  name: 'evidence_uploads',
  async run(db) {
    const rows = await db
      .delete(evidenceUploads)
      .where(
        lt(
          evidenceUploads.createdAt,
          sql`now() - make_interval(secs => ${(UPLOAD_TTL_MS + 86_400_000) / 1000})`,
        ),
      )
      .returning({ one: sql<number>`1` });
    return rows.length;
  },
};
