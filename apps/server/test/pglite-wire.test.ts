import { createHash } from 'node:crypto';
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EXECUTE_MESSAGE,
  SYNC_MESSAGE,
  bindMessage,
  concatBytes,
  readAnswer,
  type WireValue,
} from '../src/db/pglite-wire.ts';

/*
 * The frontend messages PgliteStatements writes itself (db/pglite-wire.ts): byte for byte what PGlite's own
 * serializer writes for the same values, and understood by PostgreSQL.
 */

const { serialize } = protocol;
const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

const VALUE_SETS: { name: string; values: WireValue[] }[] = [
  { name: 'no values', values: [] },
  { name: 'a null and an empty text', values: [null, ''] },
  { name: 'ASCII', values: ['ent-1', '42', '2026-12-07T10:00:00.000Z'] },
  { name: 'Chinese, an emoji and a lone surrogate', values: ['锂电池正极材料', '🚗 VIN', 'a\ud800b'] },
  {
    name: 'a JSON parameter of a chunk (tens of kilobytes, multi-byte)',
    values: [
      JSON.stringify(
        Array.from({ length: 300 }, (_, i) => ({ name: `产品${i}`, code: `P-${i}`, spec: 'x'.repeat(80) })),
      ),
    ],
  },
  { name: 'bytes (binary format)', values: [Uint8Array.of(0, 1, 2, 255), 'text', null] },
];

describe('the Bind message written by bindMessage', () => {
  for (const { name, values } of VALUE_SETS) {
    it(`is PGlite's serializer's Bind: ${name}`, () => {
      const ours = bindMessage('th_statement_1', values);
      const theirs = serialize.bind({ statement: 'th_statement_1', values });
      expect(bytes(ours).equals(bytes(theirs))).toBe(true);
    });
  }

  it('declares the length it has (no byte left unwritten)', () => {
    for (const { values } of VALUE_SETS) {
      const message = bindMessage('s', values);
      expect(bytes(message).readInt32BE(1)).toBe(message.length - 1);
    }
  });

  it("Execute and Sync are PGlite's own", () => {
    expect(bytes(EXECUTE_MESSAGE).equals(bytes(serialize.execute({})))).toBe(true);
    expect(bytes(SYNC_MESSAGE).equals(bytes(serialize.sync()))).toBe(true);
  });
});

describe('a statement bound by bindMessage on PGlite', () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it('reads back every value as it was sent', async () => {
    const json = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ 名称: `产品${i}`, n: i })));
    const values: WireValue[] = ['锂电池🚗', null, '', json, Uint8Array.of(0, 7, 255), json];
    await pg.waitReady;
    const answer = readAnswer(
      await pg.execProtocolRaw(
        concatBytes([
          serialize.parse({
            name: 'echo',
            text: 'select $1::text, $2::text is null, length($3::text), ($4::jsonb)->499->>$$名称$$, encode($5::bytea, $$hex$$), md5($6::text)',
          }),
          bindMessage('echo', values),
          EXECUTE_MESSAGE,
          SYNC_MESSAGE,
        ]),
      ),
      protocol.messages.DatabaseError,
    );
    expect(answer.error).toBeNull();
    const md5 = createHash('md5').update(json).digest('hex');
    expect(answer.rows).toEqual([['锂电池🚗', 't', '0', '产品499', '0007ff', md5]]);
  });
});
