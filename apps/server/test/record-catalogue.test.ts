import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectRecord, recordActionCodes, type TLang, type TProjectCode } from '@tracehub/contract';
import { ledgerEvents } from '../src/db/schema.ts';
import { registerReferenceChecker } from '../src/platform/references.ts';
import { AS_AUTO, AS_SUPPLIER, call, useTestApp } from './support/app.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';

// The record catalogue (contract record-catalogue.ts, server platform/records): what a declaration derives,
// and the batch delete every declared resource gets, on project codes.

describe('record catalogue', () => {
  it('derives the schemas, filters, columns and menu actions from the field table', () => {
    expect(Object.keys(projectRecord.create.shape)).toEqual(['code', 'notes']);
    expect(Object.keys(projectRecord.item.shape)).toEqual([
      'id',
      'code',
      'notes',
      'createdAt',
      'updatedAt',
      'chain',
    ]);
    expect(Object.keys(projectRecord.filters)).toEqual(['code', 'notes', 'createdFrom', 'createdTo']);
    expect(projectRecord.sortable).toEqual(['code', 'createdAt']);
    expect(projectRecord.evidence).toEqual(['code', 'notes']);
    expect(projectRecord.importColumns.map((c) => [c.key, c.zh, c.en])).toEqual([
      ['code', '项目编号', 'Project code'],
      ['notes', '备注', 'Notes'],
    ]);
    expect(projectRecord.exportColumns.map((c) => c.key)).toEqual(['code', 'notes', 'createdAt']);
    expect(recordActionCodes(projectRecord).map((a) => a.code)).toContain('Project:BatchDelete');
    expect(projectRecord.create.safeParse({ code: ' ', notes: '' }).success).toBe(false);
  });

  describe('batch delete of project codes', () => {
    const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });
    const post = <T = TProjectCode>(path: string, body: unknown, token = t.a, lang?: TLang) =>
      call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
    const add = async (code: string, token = t.a) => expectOk(await post('/project/add', { code }, token));
    const exists = async (id: number, token = t.a) => (await post('/project/detail', { id }, token)).status;

    it('deletes all of them, each with its evidence, or none', async () => {
      const [x, y] = [await add('BATCH-1'), await add('BATCH-2')];
      const other = await add('BATCH-B', t.b);
      // Another enterprise's id fails the whole request: nothing is deleted, in either enterprise.
      for (const lang of ['zh', 'en'] as const) {
        expectError(
          await post('/project/batchDelete', { ids: [x.id, other.id] }, t.a, lang),
          'NOT_FOUND',
          lang,
        );
      }
      expect(await exists(x.id)).toBe(200);
      expect(await exists(other.id, t.b)).toBe(200);
      // A referenced one too.
      const unregister = registerReferenceChecker('project', 'test-batch', async (_db, _tenant, records) =>
        records.some((r) => r.code === 'BATCH-2'),
      );
      try {
        expectError(await post('/project/batchDelete', { ids: [x.id, y.id] }), 'RECORD_IN_USE', 'zh');
      } finally {
        unregister();
      }
      expect(await exists(y.id)).toBe(200);
      expect(
        expectOk(await post<{ deleted: number }>('/project/batchDelete', { ids: [x.id, y.id] })),
      ).toEqual({ deleted: 2 });
      expectError(await post('/project/detail', { id: x.id }), 'NOT_FOUND', 'zh');
      const deletions = await dbOf(t)
        .select()
        .from(ledgerEvents)
        .where(
          and(
            eq(ledgerEvents.eventType, 'project.deleted'),
            inArray(ledgerEvents.subjectId, [String(x.id), String(y.id)]),
          ),
        );
      expect(deletions).toHaveLength(2);
    });
    // Project:BatchDelete is checked with every endpoint's code in permissions.test.ts.
  });
});
