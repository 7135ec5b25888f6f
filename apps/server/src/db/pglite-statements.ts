import type { PGlite, Results, protocol as PgliteProtocol } from '@electric-sql/pglite';
import {
  AnswerBuffer,
  EXECUTE_MESSAGE,
  SYNC_MESSAGE,
  bindMessage,
  concatBytes,
  readAnswer,
  type WireAnswer,
  type WireField,
} from './pglite-wire.ts';
import { LoopTurns } from './loop-turns.ts';
import { isRefusal } from './prelude.ts';

/*
 * The client Drizzle is given for the embedded PGlite: the same `query` and `transaction` surface as PGlite's
 * own, answered in one call into its WebAssembly instead of six, with each statement that has parameters
 * prepared once and planned once.
 *
 * Why (docs/performance.md, "PGlite's statements"): PGlite's `query` sends Parse, Describe, Bind, Describe,
 * Execute and Sync as six separate calls into the WebAssembly, parses and plans the statement every time
 * (for a tenant list: 0.65 ms of planning at Bind, 0.19 ms of parsing, where executing took 0.1 ms), and
 * copies its whole parser table for every result (11.6 % of the process's time under a list load). Here a
 * statement with parameters is a named prepared statement of the one connection: its first use sends Parse
 * and Describe once (its parameter and column types are kept), every use after sends Bind, Execute and Sync
 * in one message, and PostgreSQL keeps its plan (a generic plan after five custom ones when that is no
 * dearer, as on the PostgreSQL pool, db/client.ts `PipeliningClient`). A plan depends on the role: PostgreSQL
 * plans again when a statement runs under another role or row-level security policy, and after DDL.
 * Answers are read from PGlite's raw bytes (pglite-wire.ts), not by its own message reader.
 *
 * Everything the server asks of its PGlite goes through here: a raw exchange leaves PGlite's answer handler
 * set to ours until its next `execProtocol`, so each exchange ends by handing it back (see `exchange`).
 */

/** PGlite's wire protocol module (its `protocol`): given by the caller, which loads PGlite only when used. */
type Protocol = typeof PgliteProtocol;
type Serialize = Protocol['serialize'];

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

/** What Drizzle's PGlite session passes: rows as arrays or objects, and per-type parser overrides. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}

type Field = WireField;

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

/** The Terminate message: PGlite answers it without running anything (used to reset its answer handler). */
const TERMINATE = Uint8Array.of(0x58, 0, 0, 0, 4);

/** A statement with its parameters. */
interface Statement {
  text: string;
  params: unknown[];
}

/**
 * A transaction's opening statement, or how to choose it once the transaction holds the connection (a cached
 * session's proof is skipped only if no change of its facts has been committed before that moment).
 */
export type OpeningStatement = Statement | (() => Statement);

const chosen = (opening: OpeningStatement): Statement =>
  typeof opening === 'function' ? opening() : opening;

/**
 * The channel migration 0041 notifies on when a fact a cached session's proof compares changes (PGlite is
 * started with `tracehub.session_facts_notify` on, and its connection listens).
 */
export const SESSION_FACTS_CHANNEL = 'tracehub_session_facts';

/**
 * What a transaction sends in the same call as its first statement: its BEGIN and, for a read, the guard that
 * opens it (it fails, and the statement behind it with the transaction, when the session's proof fails).
 */
interface Opening {
  begin: string;
  guard?: OpeningStatement;
}

/**
 * How long the connection may pass from transaction to transaction without the event loop turning (see
 * LoopTurns): a turn costs far less, and with 10 ms the load mix's p99 fell to a third (docs/performance.md,
 * twelfth pass).
 */
const TURN_AFTER_MS = 10;

/** Prepared statements the connection keeps; the least recently used beyond it is closed. */
const PREPARED_MAX = 1_000;

/** SQLSTATEs after which a prepared statement is prepared again: gone (26000), or its columns changed (0A000). */
const STALE_STATEMENT = new Set(['26000', '0A000']);

/** The named statements of the one connection, most recently used last. */
class StatementCache {
  constructor(private readonly serialize: Serialize) {}

  private readonly byText = new Map<string, Prepared>();
  private counter = 0;
  /** Statements evicted from the cache, closed with the next message sent. */
  pendingClose: string[] = [];

  get(text: string): Prepared | undefined {
    const found = this.byText.get(text);
    if (found) {
      this.byText.delete(text);
      this.byText.set(text, found);
    }
    return found;
  }

  nextName(): string {
    return `th_${(this.counter++).toString(36)}`;
  }

  add(text: string, prepared: Prepared): void {
    this.byText.set(text, prepared);
    if (this.byText.size > PREPARED_MAX) {
      const [oldest, evicted] = this.byText.entries().next().value as [string, Prepared];
      this.byText.delete(oldest);
      this.pendingClose.push(evicted.name);
    }
  }

  forget(text: string): void {
    this.byText.delete(text);
  }

  /** Close messages for evicted statements, to send before the next statement. */
  takeCloses(): Uint8Array[] {
    if (this.pendingClose.length === 0) return [];
    const closes = this.pendingClose.map((name) => this.serialize.close({ type: 'S', name }));
    this.pendingClose = [];
    return closes;
  }
}

export class PgliteStatements {
  private readonly cache: StatementCache;
  private readonly serialize: Serialize;
  private readonly answer = new AnswerBuffer();

  /**
   * Changes of a cached session's facts committed so far (notifications on SESSION_FACTS_CHANNEL). Every
   * statement goes through this one connection and a notice arrives with the COMMIT that made it, in the same
   * answer: a transaction that finds the count unchanged since a session was resolved knows nothing it proves
   * has changed since.
   */
  sessionFactsChanges = 0;

  /** Turns of the event loop while the connection passes from one waiting transaction to the next. */
  private readonly turns: LoopTurns;

  constructor(
    readonly pg: PGlite,
    private readonly protocol: Protocol,
    options: { turnAfterMs?: number } = {},
  ) {
    this.turns = new LoopTurns(options.turnAfterMs ?? TURN_AFTER_MS);
    this.serialize = protocol.serialize;
    this.cache = new StatementCache(this.serialize);
    // A statement sent through PGlite's own `query` (not through here) has its notices read by PGlite.
    pg.onNotification((channel) => {
      if (channel === SESSION_FACTS_CHANNEL) this.sessionFactsChanges++;
    });
  }

  /** Listens for changes of sessions' facts (once, when the database is opened). */
  async listenForSessionFacts(): Promise<void> {
    await this.query(`listen ${SESSION_FACTS_CHANNEL}`);
  }

  /**
   * Sends `parts` in one call into PGlite and reads its answer; throws the first error. PGlite's raw stream
   * keeps our handler for its answers until an `execProtocol` ends, so one with a Terminate message (which
   * PGlite answers without running anything) hands it back before anything else can use PGlite.
   */
  private async exchange(parts: Uint8Array[], syncToFs: boolean): Promise<WireAnswer> {
    try {
      await this.pg.execProtocolRawStream(concatBytes(parts), { syncToFs, onRawData: this.answer.push });
    } catch (err) {
      // What it committed is unknown: as if it changed a session's facts.
      this.sessionFactsChanges++;
      throw err;
    } finally {
      await this.pg.execProtocol(TERMINATE, { syncToFs: false });
    }
    const answer = readAnswer(this.answer.take(), this.protocol.messages.DatabaseError);
    if (answer.notifications?.includes(SESSION_FACTS_CHANNEL)) this.sessionFactsChanges++;
    if (answer.error) throw answer.error;
    return answer;
  }

  /** A statement outside any transaction: waits for a running transaction, as PGlite's own `query` does. */
  query(text: string, params: unknown[] = [], opts?: QueryOptions): Promise<Results> {
    return this.pg._runExclusiveTransaction(async () => {
      await this.turns.turnIfHeld();
      return this.pg._runExclusiveQuery(() => this.run(text, params, opts, true));
    });
  }

  /**
   * Runs `fn` in a transaction of the one connection; other statements wait until it ends. `opening`, when
   * given, is the transaction's first statement, sent in the same call as its BEGIN; `fn` receives its answer.
   * Committed, and synced to disk, before it answers.
   */
  transaction<T>(
    fn: (tx: PgliteTransactionClient, opened: Results | null) => Promise<T>,
    opening?: OpeningStatement,
  ): Promise<T> {
    const begin = 'begin';
    return this.pg._runExclusiveTransaction(async () => {
      await this.turns.turnIfHeld();
      const tx = new PgliteTransactionClient(this);
      try {
        const opened = await this.pg._runExclusiveQuery(() => {
          if (!opening) return this.simple(begin);
          const { text, params } = chosen(opening);
          return this.run(text, params, undefined, false, { begin });
        });
        const result = await fn(tx, opened);
        tx.closed = true;
        await this.pg._runExclusiveQuery(() => this.simple('commit'));
        await this.pg.syncToFs();
        return result;
      } catch (err) {
        if (!tx.closed) {
          tx.closed = true;
          // BEGIN may not have run (the opening failed to prepare): ROLLBACK then only warns.
          await this.pg._runExclusiveQuery(() => this.simple('rollback'));
        }
        throw err;
      }
    });
  }

  /**
   * Runs `fn`, a handler that only reads, in a read-only transaction that opens with its first statement: its
   * BEGIN, the `guard` and that statement go in one call into PGlite (a list page costs one call, not two).
   * A refused guard fails the statement behind it, and every later one, with the transaction; the read then
   * fails with `refused()`, whatever `fn` made of its statements' failures. A handler that asks nothing has the
   * guard sent by itself.
   *
   * Its COMMIT is not a call of its own: it goes in front of the next message sent into PGlite (a read-only
   * transaction has nothing to write, and nothing can run inside it once its lock is released, as every
   * statement goes through here and starts with that COMMIT).
   */
  readTransaction<T>(
    fn: (tx: PgliteTransactionClient) => Promise<T>,
    guard: OpeningStatement,
    refused: () => Error,
  ): Promise<T> {
    return this.pg._runExclusiveTransaction(async () => {
      await this.turns.turnIfHeld();
      const tx = new PgliteTransactionClient(this, { begin: 'begin read only', guard });
      let result: T | undefined;
      let failure: unknown;
      try {
        result = await fn(tx);
      } catch (err) {
        failure = err;
      }
      // A refusal is tx.refused; any other failure of the guard fails the read.
      const unconfirmed = await tx.openIfNot().then(
        () => undefined,
        (err: unknown) => err,
      );
      if (failure === undefined && !tx.refused) failure = unconfirmed;
      tx.closed = true;
      if (tx.refused || failure !== undefined || !tx.opened) {
        // BEGIN may not have run (the guard failed to prepare): ROLLBACK then only warns.
        await this.pg._runExclusiveQuery(() => this.simple('rollback'));
        if (tx.refused) throw refused();
        throw failure ?? new Error('the read transaction did not open');
      }
      this.commitPending = true;
      return result as T;
    });
  }

  /** Sends a read's pending COMMIT now (before PGlite is closed or its data directory dumped). */
  async flush(): Promise<void> {
    await this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        if (this.commitPending) await this.exchange(this.leading(), false);
      }),
    );
  }

  /** A read-only transaction ended without its COMMIT sent (see transaction). */
  private commitPending = false;

  /** What goes in front of the next message: a read's COMMIT, and closes of evicted statements. */
  private leading(): Uint8Array[] {
    const commit = this.commitPending ? [this.serialize.query('commit')] : [];
    this.commitPending = false;
    return [...commit, ...this.cache.takeCloses()];
  }

  /** One statement without parameters through the simple protocol (BEGIN, COMMIT, ROLLBACK). */
  private async simple(text: string): Promise<null> {
    await this.exchange([...this.leading(), this.serialize.query(text)], false);
    return null;
  }

  /**
   * Runs one statement; the caller holds the connection. `opening` (a transaction's BEGIN, and a read's guard)
   * is sent in the same call, in front of it.
   */
  async run(
    text: string,
    params: unknown[],
    opts: QueryOptions | undefined,
    outside: boolean,
    opening?: Opening,
    openingSent?: () => void,
  ) {
    if (params.length === 0) {
      const front = await this.openingParts(opening);
      openingSent?.();
      return this.unnamed(text, opts, outside, front);
    }
    let prepared = this.cache.get(text);
    // Prepared before the transaction opens: a Parse and Describe need no transaction, and read nothing.
    if (!prepared) prepared = await this.prepare(text);
    const front = await this.openingParts(opening);
    try {
      openingSent?.();
      return await this.execute(prepared, params, opts, outside, front);
    } catch (err) {
      // DDL (tests, migrations) can drop a statement or change its columns: prepared again, once. A BEGIN
      // sent with it has run and its transaction failed with the Bind: rolled back, then begun again.
      if (!STALE_STATEMENT.has((err as { code?: string }).code ?? '')) throw err;
      this.cache.forget(text);
      this.cache.pendingClose.push(prepared.name);
      if (opening !== undefined) await this.simple('rollback');
      const again = await this.prepare(text);
      return this.execute(again, params, opts, outside, await this.openingParts(opening));
    }
  }

  /** The messages of an opening: BEGIN through the simple protocol, then the guard, prepared once. */
  private async openingParts(opening: Opening | undefined): Promise<Uint8Array[]> {
    if (!opening) return [];
    const begin = this.serialize.query(opening.begin);
    if (!opening.guard) return [begin];
    const { text, params } = chosen(opening.guard);
    const guard = this.cache.get(text) ?? (await this.prepare(text));
    return [begin, ...this.bound(guard, params), SYNC_MESSAGE];
  }

  /** Bind and Execute of a prepared statement with its values serialised by their parameter types. */
  private bound(prepared: Prepared, params: unknown[]): Uint8Array[] {
    const serializers = this.pg.serializers as Record<number, Serializer | undefined>;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    return [bindMessage(prepared.name, values), EXECUTE_MESSAGE];
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = this.cache.nextName();
    const described = await this.exchange(
      [
        ...this.leading(),
        this.serialize.parse({ name, text }),
        this.serialize.describe({ type: 'S', name }),
        this.serialize.sync(),
      ],
      false,
    );
    const prepared: Prepared = {
      name,
      paramTypes: described.paramTypes ?? [],
      fields: described.fields ?? [],
    };
    this.cache.add(text, prepared);
    return prepared;
  }

  private async execute(
    prepared: Prepared,
    params: unknown[],
    opts: QueryOptions | undefined,
    outside: boolean,
    front: Uint8Array[],
  ) {
    const answer = await this.exchange(
      [...this.leading(), ...front, ...this.bound(prepared, params), SYNC_MESSAGE],
      outside,
    );
    return this.results(prepared.fields, answer, opts);
  }

  /** A statement without parameters: parsed, bound, described and run in one call, not kept. */
  private async unnamed(text: string, opts: QueryOptions | undefined, outside: boolean, front: Uint8Array[]) {
    const answer = await this.exchange(
      [
        ...this.leading(),
        ...front,
        this.serialize.parse({ text }),
        this.serialize.bind({}),
        this.serialize.describe({ type: 'P' }),
        this.serialize.execute({}),
        this.serialize.sync(),
      ],
      outside,
    );
    return this.results(answer.fields ?? [], answer, opts);
  }

  /** The answer in PGlite's own shape (its `parseResults`), each column parsed by its type. */
  private results(fields: Field[], answer: WireAnswer, opts: QueryOptions | undefined): Results {
    const parsers = this.pg.parsers as Record<number, Parser | undefined>;
    const columnParsers = fields.map((f) => opts?.parsers?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    const asArrays = opts?.rowMode === 'array';
    const rows: unknown[] = answer.rows.map((cells) => {
      const values = cells.map((cell, i) => {
        if (cell === null) return null;
        const parse = columnParsers[i];
        return parse ? parse(cell, fields[i]!.dataTypeID) : cell;
      });
      if (asArrays) return values;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
      return row;
    });
    let affectedRows = 0;
    let rowCount: number | undefined;
    if (answer.commandTag !== null) {
      const words = answer.commandTag.split(' ');
      const count = parseInt(words[words.length - 1]!, 10);
      if (!Number.isNaN(count)) {
        rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) affectedRows = count;
      }
    }
    return {
      rows,
      fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      affectedRows,
      ...(rowCount === undefined ? {} : { rowCount }),
    } as Results;
  }
}

/** What a transaction's statements go through: the connection is already the transaction's. */
export class PgliteTransactionClient {
  closed = false;
  /** A read's guard refused (readTransaction). */
  refused = false;

  /** `opening`: what the first statement takes with it (a read opens with its first statement). */
  constructor(
    private readonly statements: PgliteStatements,
    private opening?: Opening,
  ) {}

  /** Whether the transaction's opening has been sent. */
  get opened(): boolean {
    return this.opening === undefined;
  }

  query(text: string, params: unknown[] = [], opts?: QueryOptions): Promise<Results> {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    return this.statements.pg._runExclusiveQuery(() => this.send(text, params, opts));
  }

  /** Sends the opening by itself when no statement took it along (a handler that asked nothing). */
  async openIfNot(): Promise<void> {
    if (this.opening) await this.statements.pg._runExclusiveQuery(() => this.send('select 1', []));
  }

  private async send(text: string, params: unknown[], opts?: QueryOptions): Promise<Results> {
    const opening = this.opening;
    try {
      // Taken off only once it leaves: a statement that failed before (its Parse) leaves it to the next.
      return await this.statements.run(text, params, opts, false, opening, () => {
        this.opening = undefined;
      });
    } catch (err) {
      if (opening?.guard && isRefusal(err)) this.refused = true;
      throw err;
    }
  }

  /** Drizzle's nested transactions are savepoints run through `query`; this is PGlite's own nesting. */
  transaction<T>(fn: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
    return fn(this);
  }
}
