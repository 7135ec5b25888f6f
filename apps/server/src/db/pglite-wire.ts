import type { protocol as PgliteProtocol } from '@electric-sql/pglite';

/*
 * The backend messages of one exchange with PGlite, read from its raw answer (PostgreSQL's frontend/backend
 * protocol 3.0, "Message Formats"): only what PgliteStatements needs, the columns' and parameters' types, the
 * rows' text cells, the command tags and the first error. PGlite's own reader builds an object per message,
 * copies every cell's bytes into a buffer of its own before decoding them, and does it in callbacks from the
 * WebAssembly while the statement runs: 10 % of the server's time under a list load (docs/performance.md).
 */

type DatabaseErrorClass = typeof PgliteProtocol.messages.DatabaseError;
export type DatabaseError = InstanceType<DatabaseErrorClass>;

export interface WireField {
  name: string;
  dataTypeID: number;
}

export interface WireAnswer {
  /** The last RowDescription's columns (a Describe, or a simple query's result). */
  fields: WireField[] | null;
  /** The ParameterDescription's types (a Describe of a statement). */
  paramTypes: number[] | null;
  rows: (string | null)[][];
  /** The last CommandComplete's tag ("SELECT 10", "INSERT 0 3"). */
  commandTag: string | null;
  /** The first ErrorResponse: PostgreSQL skips what follows it up to the Sync. */
  error: DatabaseError | null;
  /** The channels of the NotificationResponses (LISTEN), if any came. */
  notifications: string[] | null;
}

const decoder = new TextDecoder();

/** A cell's text: short ASCII (ids, codes, numbers, dates) without the decoder's call, anything else by it. */
function text(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= 24) {
    let out = '';
    for (let i = start; i < end; i++) {
      const c = bytes[i]!;
      if (c > 0x7f) return decoder.decode(bytes.subarray(start, end));
      out += String.fromCharCode(c);
    }
    return out;
  }
  return decoder.decode(bytes.subarray(start, end));
}

/** The error fields by their protocol code ("Error and Notice Message Fields"). */
const ERROR_FIELDS: Record<string, keyof DatabaseError> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** Reads every message of `bytes`; errors become PGlite's own DatabaseError, as its `query` throws them. */
export function readAnswer(bytes: Uint8Array, DatabaseErrorOf: DatabaseErrorClass): WireAnswer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const answer: WireAnswer = {
    fields: null,
    paramTypes: null,
    rows: [],
    commandTag: null,
    error: null,
    notifications: null,
  };
  let at = 0;
  const cstring = (): string => {
    const start = at;
    while (bytes[at] !== 0) at++;
    return text(bytes, start, at++);
  };
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const length = view.getInt32(at + 1);
    const next = at + 1 + length;
    at += 5;
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = view.getInt16(at);
        at += 2;
        const cells = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(at);
          at += 4;
          if (size < 0) cells[i] = null;
          else {
            cells[i] = text(bytes, at, at + size);
            at += size;
          }
        }
        answer.rows.push(cells);
        break;
      }
      case 0x54: {
        // T: RowDescription
        const count = view.getInt16(at);
        at += 2;
        const fields: WireField[] = [];
        for (let i = 0; i < count; i++) {
          const name = cstring();
          // table oid (4), column number (2), then the type oid
          const dataTypeID = view.getUint32(at + 6);
          at += 18;
          fields.push({ name, dataTypeID });
        }
        answer.fields = fields;
        break;
      }
      case 0x74: {
        // t: ParameterDescription
        const count = view.getInt16(at);
        const types: number[] = [];
        for (let i = 0; i < count; i++) types.push(view.getUint32(at + 2 + 4 * i));
        answer.paramTypes = types;
        break;
      }
      case 0x43: // C: CommandComplete
        answer.commandTag = cstring();
        break;
      case 0x45: {
        // E: ErrorResponse
        if (answer.error) break;
        const found: Record<string, string> = {};
        while (bytes[at] !== 0) {
          const code = String.fromCharCode(bytes[at++]!);
          found[code] = cstring();
        }
        const error = new DatabaseErrorOf(found.M ?? 'unknown error', length, 'error');
        for (const [code, field] of Object.entries(ERROR_FIELDS)) {
          if (found[code] !== undefined) (error as unknown as Record<string, string>)[field] = found[code];
        }
        answer.error = error;
        break;
      }
      case 0x41: // A: NotificationResponse (the notifying process's id, the channel, the payload)
        at += 4;
        (answer.notifications ??= []).push(cstring());
        break;
      case 0x5a: // Z: ReadyForQuery
        // Statements sent in front of the last (a COMMIT, a BEGIN, a read's guard) end with one: the answer
        // is the last statement's, and only an error of theirs is kept.
        if (next < bytes.length) {
          answer.rows = [];
          answer.fields = null;
          answer.commandTag = null;
        }
        break;
      // Anything else (ParseComplete, BindComplete, CloseComplete, NoData, notices, EmptyQueryResponse)
      // says nothing the caller needs.
    }
    at = next;
  }
  return answer;
}

/** A parameter's value as sent: text, bytes (binary format) or NULL. */
export type WireValue = string | Uint8Array | null;

const BIND = 0x42;
/** Execute of the unnamed portal, all rows; and Sync: the same bytes on every call, so made once. */
export const EXECUTE_MESSAGE = Uint8Array.of(0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0);
export const SYNC_MESSAGE = Uint8Array.of(0x53, 0, 0, 0, 4);

/**
 * A Bind of prepared statement `statement` to the unnamed portal, results in text ("Message Formats", Bind):
 * the bytes PGlite's `serialize.bind` writes for the same values, in one buffer sized up front. PGlite's
 * writer grows two buffers from 256 bytes and copies the values between them: for an import chunk's JSON
 * parameter of tens of kilobytes it took three times as long (docs/performance.md, eleventh pass).
 */
export function bindMessage(statement: string, values: readonly WireValue[]): Uint8Array {
  // Length, portal "" and its terminator, the statement and its terminator, the formats' count, a format
  // per value, the values' count, the values (a length each), the result formats' count (0: all text).
  let length = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 * values.length + 2 + 2;
  for (const v of values) {
    length += 4 + (v === null ? 0 : typeof v === 'string' ? Buffer.byteLength(v) : v.length);
  }
  const out = Buffer.allocUnsafe(1 + length);
  let at = 0;
  out[at++] = BIND;
  at = out.writeInt32BE(length, at);
  out[at++] = 0;
  at += out.write(statement, at);
  out[at++] = 0;
  at = out.writeUInt16BE(values.length, at);
  for (const v of values) at = out.writeInt16BE(v instanceof Uint8Array ? 1 : 0, at);
  at = out.writeUInt16BE(values.length, at);
  for (const v of values) {
    if (v === null) {
      at = out.writeInt32BE(-1, at);
    } else if (typeof v === 'string') {
      const written = out.write(v, at + 4);
      out.writeInt32BE(written, at);
      at += 4 + written;
    } else {
      at = out.writeInt32BE(v.length, at);
      out.set(v, at);
      at += v.length;
    }
  }
  out.writeInt16BE(0, at);
  return out;
}

/** `parts` joined into one array (a message to send, or an answer handed over in chunks). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The chunks PGlite hands over while a statement runs, copied (they are views of its memory), then joined. */
export class AnswerBuffer {
  private chunks: Uint8Array[] = [];

  readonly push = (chunk: Uint8Array): void => {
    this.chunks.push(chunk.slice());
  };

  take(): Uint8Array {
    const joined = concatBytes(this.chunks);
    this.chunks = [];
    return joined;
  }
}
