import { describe, expect, it } from 'vitest';
import { documentRecords, LIMITS, partnerRecord, projectRecord } from '@tracehub/contract';
import {
  columnStorageKey,
  defaultColumns,
  headerMinWidth,
  moveColumn,
  parseColumnSettings,
  resolveColumns,
  settingsOf,
  textWidth,
  toggleColumn,
  type TColumnMeta,
} from '../src/shared/list/columnSettings';
import { recordColumnKeys, recordKeyColumn, recordPriority } from '../src/shared/list/recordFields';

/** Issue 15, item 1: which columns a list shows by default, a member's choice over that, header widths. */

const meta = (id: string, priority: 1 | 2 | 3, key = false): TColumnMeta => ({ id, priority, key });
const COLUMNS = [
  meta('number', 1, true),
  meta('time', 2),
  meta('batch', 1),
  meta('notes', 3),
  meta('amount', 1),
  meta('created', 2),
];
const KEY = new Set(['number']);
const shown = (choices: { id: string; visible: boolean }[]) =>
  choices.filter((c) => c.visible).map((c) => c.id);

describe('default columns', () => {
  it('puts the key column first, then the most important ones, and hides priority 3', () => {
    const choices = defaultColumns(COLUMNS);
    expect(choices.map((c) => c.id)).toEqual(['number', 'batch', 'amount', 'time', 'created', 'notes']);
    expect(shown(choices)).toEqual(['number', 'batch', 'amount', 'time', 'created']);
  });

  it('keeps the declared order of a list that marks nothing', () => {
    const plain = ['a', 'b', 'c'].map((id, i) => meta(id, 2, i === 0));
    expect(shown(defaultColumns(plain))).toEqual(['a', 'b', 'c']);
  });
});

describe("a member's choice", () => {
  it('applies the stored order and hidden columns', () => {
    const stored = { order: ['number', 'notes', 'amount', 'batch', 'time', 'created'], hidden: ['time'] };
    expect(shown(resolveColumns(COLUMNS, stored))).toEqual(['number', 'notes', 'amount', 'batch', 'created']);
  });

  it('keeps the key column first and shown whatever was stored', () => {
    const stored = { order: ['batch', 'number', 'amount'], hidden: ['number'] };
    const choices = resolveColumns(COLUMNS, stored);
    expect(choices[0]).toEqual({ id: 'number', visible: true });
  });

  it('places a column declared since after its default predecessor and drops one no longer declared', () => {
    const stored = { order: ['number', 'amount', 'batch', 'gone', 'notes', 'created'], hidden: [] };
    const ids = resolveColumns(COLUMNS, stored).map((c) => c.id);
    expect(ids).not.toContain('gone');
    // 'time' (new to this choice) follows 'amount', its predecessor in the defaults.
    expect(ids).toEqual(['number', 'amount', 'time', 'batch', 'notes', 'created']);
  });

  it('moves and toggles, never the key column', () => {
    const choices = defaultColumns(COLUMNS);
    expect(
      moveColumn(choices, 'amount', -1, KEY)
        .map((c) => c.id)
        .slice(0, 3),
    ).toEqual(['number', 'amount', 'batch']);
    // Not above the key column, and the key column does not move.
    expect(moveColumn(choices, 'batch', -1, KEY)).toEqual(choices);
    expect(moveColumn(choices, 'number', 1, KEY)).toEqual(choices);
    expect(shown(toggleColumn(choices, 'notes', true, KEY))).toContain('notes');
    expect(shown(toggleColumn(choices, 'number', false, KEY))).toContain('number');
  });

  it('round-trips through storage and refuses what is not a choice', () => {
    const choices = toggleColumn(defaultColumns(COLUMNS), 'time', false, KEY);
    const text = JSON.stringify(settingsOf(choices));
    expect(resolveColumns(COLUMNS, parseColumnSettings(text))).toEqual(choices);
    expect(parseColumnSettings(null)).toBeNull();
    expect(parseColumnSettings('not json')).toBeNull();
    expect(parseColumnSettings('{"order":[1],"hidden":[]}')).toBeNull();
    expect(columnStorageKey(7, 'ent-1', 'stagePurchase/receipt')).toBe(
      'tracehub.columns.7.ent-1.stagePurchase/receipt',
    );
  });
});

describe('header widths', () => {
  const bounds = { min: LIMITS.columnMinWidth, max: LIMITS.columnMaxWidth };

  it('leave room for the whole name and its icons, within the spec bounds', () => {
    expect(textWidth('创建时间')).toBe(56);
    const plain = headerMinWidth('创建时间', {}, { min: 0, max: 500 });
    expect(
      headerMinWidth('创建时间', { sortable: true, filter: true }, { min: 0, max: 500 }),
    ).toBeGreaterThan(plain + 30);
    expect(headerMinWidth('邮箱', {}, bounds)).toBe(LIMITS.columnMinWidth);
    expect(headerMinWidth('x'.repeat(200), {}, bounds)).toBe(LIMITS.columnMaxWidth);
    expect(headerMinWidth('Internal batch number', {}, bounds)).toBeGreaterThan(
      textWidth('Internal batch number'),
    );
  });
});

describe('priorities of the record catalogue', () => {
  it('shows a purchase receipt by its number, batch, VIN/SN, quantity and amount', () => {
    const receipt = documentRecords.PurchaseReceipt!;
    expect(recordKeyColumn(receipt)).toBe('billNo');
    const first = recordColumnKeys(receipt).filter((k) => recordPriority(receipt, k) === 1);
    expect(first).toEqual(['billNo', 'batchNo', 'vinSn', 'quantity', 'amount']);
    // Unmarked columns of a declaration that marks some wait in the settings.
    expect(recordPriority(receipt, 'interiorBatchNo')).toBe(3);
  });

  it('shows a partner by code, name and settlement, and every column of a declaration that marks none', () => {
    expect(recordKeyColumn(partnerRecord)).toBe('code');
    const first = recordColumnKeys(partnerRecord).filter((k) => recordPriority(partnerRecord, k) === 1);
    expect(first).toEqual(['code', 'name', 'settled']);
    // The DID, what makes a settled partner verifiable, shows by default; the contacts only on request.
    expect(recordPriority(partnerRecord, 'did')).toBe(2);
    expect(recordPriority(partnerRecord, 'contactName')).toBe(3);
    expect(recordColumnKeys(projectRecord).every((k) => recordPriority(projectRecord, k) === 2)).toBe(true);
  });
});
