import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { materials } from '../src/db/schema.ts';
import { bulkInsertReturning } from '../src/platform/bulk-insert.ts';
import { AUTO_UUID, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';

// platform/bulk-insert.ts writes rows as one JSON parameter: what it stores and answers must be what
// Drizzle's values() and returning() store and answer, typed values and column defaults included.

describe('bulk insert (one JSON parameter a statement)', () => {
  const t = useTestApp();

  it('stores typed values and defaults as values() does, and answers the stored rows typed', async () => {
    const receiptTime = new Date('2026-01-15T08:30:00.123Z');
    const base = { enterpriseUuid: AUTO_UUID, nature: 'purchased' as const, createdBy: 1 };
    const returned = await bulkInsertReturning(dbOf(t), materials, [
      // Every typed column set: numeric as text, timestamp, boolean, nullable text.
      {
        ...base,
        code: 'BULK-T1',
        name: '电芯 "A"\\n',
        weight: '12.5',
        receiptTime,
        tracingObject: true,
        qualityFileKey: null,
      },
      { ...base, code: 'BULK-T2', name: 'no weight', weight: null, receiptTime, tracingObject: false },
      // Columns left out take their defaults, as with values().
      { ...base, code: 'BULK-T3', name: 'defaults' },
    ]);
    const stored = await dbOf(t)
      .select()
      .from(materials)
      .where(
        inArray(
          materials.id,
          returned.map((r) => r.id),
        ),
      );
    const byCode = (rows: typeof stored) => [...rows].sort((x, y) => x.code.localeCompare(y.code));
    expect(byCode(returned)).toEqual(byCode(stored));
    const [t1, t2, t3] = byCode(stored);
    expect(t1).toMatchObject({ name: '电芯 "A"\\n', weight: '12.5000', tracingObject: true, receiptTime });
    expect(t2).toMatchObject({ weight: null, tracingObject: false });
    expect(t3).toMatchObject({
      nameEn: '',
      batchNo: '',
      tracingObject: false,
      weight: null,
      receiptTime: null,
    });
    expect(t3!.createdAt).toBeInstanceOf(Date);
  });

  it('answers nothing for no rows', async () => {
    expect(await bulkInsertReturning(dbOf(t), materials, [])).toEqual([]);
  });
});
