import { sql, type SQL } from 'drizzle-orm';
import { documentType, type TCheckScope } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { roleTypes, rowsOf } from './checks/sql.ts';

/*
 * A run's scope, read once and shared by every check: temporary tables of the run's session.
 * - `ids`: the documents the task checks (its subjects); `vins`: its VINs;
 * - `docs`: those documents with the columns the checks read, and beside them (in_scope false) the context
 *   they are judged against: every document of their VINs and lots, the documents their related numbers
 *   name, and the documents that name them. Checks read this table, never `documents`: one extraction under
 *   row-level security instead of one per check, and joins on indexed columns of a small table.
 * The tables carry the run's own name (two runs of one embedded database share its one session) and are
 * dropped by the run (`drop`), or at commit when made with `dropAtCommit`.
 */

const DAY = 86_400_000;

export interface ScopeTables {
  /** The scope's document ids. */
  ids: SQL;
  vins: SQL;
  /** A linked task's lots of its suppliers (scope building only). */
  lots: SQL;
  /** The documents of the scope and their context (see above). */
  docs: SQL;
  /** The subjects the previous run found failing, per check: a pass of one of them is a fix. */
  watch: SQL;
  /** The name a check's derived table of this run takes (see shared in checks/types.ts). */
  derived(name: string): SQL;
  /** Every table of the run, for the final drop. */
  names(): string[];
}

/** The scope tables of the run `key` (letters, digits, underscores: a task id without its dashes). */
export function scopeTables(key: string): ScopeTables {
  const base = `checking_${key.replace(/[^a-z0-9_]/gi, '').toLowerCase()}`.slice(0, 48);
  const derived = new Set<string>();
  const named = (suffix: string) => sql.raw(`${base}_${suffix}`);
  return {
    ids: named('ids'),
    vins: named('vins'),
    lots: named('lots'),
    docs: named('docs'),
    watch: named('watch'),
    derived(name) {
      derived.add(name);
      return named(name);
    },
    names: () => ['ids', 'vins', 'lots', 'docs', 'watch', ...derived].map((s) => `${base}_${s}`),
  };
}

/** Drops the run's tables (those it made; the others are skipped). */
export async function dropScope(tx: Db, tables: ScopeTables): Promise<void> {
  await tx.execute(sql.raw(`drop table if exists ${tables.names().join(', ')}`));
}

/**
 * Fills `ids` and `vins` for `scope`; answers how many documents and VINs it holds. With `dropAtCommit` the
 * tables go with the transaction (creation's probe); else the run drops them.
 */
export async function buildScope(
  tx: Db,
  enterpriseUuid: string,
  scope: TCheckScope,
  t: ScopeTables,
  opts: { dropAtCommit?: boolean } = {},
): Promise<{ docs: number; vins: number }> {
  const life = sql.raw(opts.dropAtCommit ? 'on commit drop' : '');
  await tx.execute(sql`create temp table ${t.ids} (id int primary key) ${life}`);
  await tx.execute(sql`create temp table ${t.vins} (vin text primary key) ${life}`);
  const ent = sql`d.enterprise_uuid = ${enterpriseUuid}`;
  const vinTypes = sql`(${roleTypes('vehicle')} || ${roleTypes('produce')} || ${roleTypes('fit')})`;
  if (scope.dimension === 'time') {
    const column = scope.timeBasis === 'import' ? sql.raw('d.created_at') : sql.raw('d.biz_time');
    // The range is whole days: from the start of `from` to the end of `to`.
    const from = new Date(scope.from ?? 0);
    const to = new Date((scope.to ?? 0) + DAY);
    await tx.execute(
      sql`insert into ${t.ids} select d.id from documents d
          where ${ent} and ${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`,
    );
  } else {
    await tx.execute(
      sql`insert into ${t.vins} select distinct v from unnest(${sql.param(scope.vins)}::text[]) v
          where exists (select 1 from documents d where ${ent} and d.vin_sn = v)
          limit ${scope.maxAmount}`,
    );
    await tx.execute(
      sql`insert into ${t.ids} select d.id from documents d
          join ${t.vins} v on v.vin = d.vin_sn where ${ent} on conflict do nothing`,
    );
    // The lots fitted into those VINs, and every document of them (receipts, pickings, returns).
    await tx.execute(
      sql`insert into ${t.ids} select d.id from documents d
          join (select distinct f.item_code, f.batch_no from documents f
                join ${t.ids} s on s.id = f.id
                where f.doc_type = any(${roleTypes('fit')}) and f.batch_no <> '') l
            on d.item_code = l.item_code and d.batch_no = l.batch_no
          where ${ent} on conflict do nothing`,
    );
  }
  // The documents the scope's documents name by number (a completion's pickings).
  await tx.execute(
    sql`insert into ${t.ids} select d.id from documents d
        where ${ent} and d.bill_no in (select unnest(x.related_bill_nos) from documents x
          join ${t.ids} s on s.id = x.id)
        on conflict do nothing`,
  );
  if (scope.taskType === 'linked') {
    // Only what concerns the chosen suppliers: their documents, their lots and the VINs those went into.
    const suppliers = sql`${sql.param(scope.supplierIds)}::int[]`;
    await tx.execute(sql`create temp table ${t.lots} (item_code text, batch_no text) ${life}`);
    await tx.execute(
      sql`insert into ${t.lots} select distinct d.item_code, d.batch_no from documents d
          join ${t.ids} s on s.id = d.id
          where d.partner_id = any(${suppliers}) and d.batch_no <> ''`,
    );
    await tx.execute(
      sql`delete from ${t.ids} s using documents d where d.id = s.id
          and not (coalesce(d.partner_id = any(${suppliers}), false)
            or exists (select 1 from ${t.lots} l where l.item_code = d.item_code and l.batch_no = d.batch_no)
            or (d.vin_sn <> '' and exists (select 1 from documents f join ${t.lots} l
              on l.item_code = f.item_code and l.batch_no = f.batch_no
              where f.enterprise_uuid = ${enterpriseUuid} and f.vin_sn = d.vin_sn
                and f.doc_type = any(${roleTypes('fit')}))))`,
    );
    await tx.execute(sql`truncate ${t.vins}`);
  }
  if (scope.dimension === 'time' || scope.taskType === 'linked') {
    await tx.execute(
      sql`insert into ${t.vins} select distinct d.vin_sn from documents d
          join ${t.ids} s on s.id = d.id
          where d.vin_sn <> '' and d.doc_type = any(${vinTypes})
          limit ${scope.maxAmount} on conflict do nothing`,
    );
  }
  const [counts] = await rowsOf<{ docs: number; vins: number }>(
    tx,
    sql`select (select count(*) from ${t.ids})::int as docs, (select count(*) from ${t.vins})::int as vins`,
  );
  return counts ?? { docs: 0, vins: 0 };
}

/** The columns of `docs`, as selected from `documents d`. */
const DOC_COLUMNS = sql.raw(
  `d.id, d.doc_type, d.stage, d.bill_no, d.biz_time, d.partner_id, d.item_code, d.batch_no, d.vin_sn,
   d.quantity, d.unit_price, d.currency, d.amount, d.related_bill_nos, d.extra`,
);

/** Document types that others name for money (orders, contracts, invoices): their namers join the context. */
const MONEY_TARGETS = ['PurchaseContract', 'PurchaseInvoice', 'SaleContract', 'SaleInvoice'];
const typeCodeOf = (code: string) => documentType(code).typeCode;

/**
 * Fills `docs` from `ids` and `vins` (buildScope first): the scope's documents and their context, indexed
 * and analysed (a temporary table has no statistics until then, and the checks' plans need them).
 */
export async function buildContext(tx: Db, enterpriseUuid: string, t: ScopeTables): Promise<number> {
  await tx.execute(
    sql`create temp table ${t.docs} as select ${DOC_COLUMNS}, true as in_scope
        from documents d join ${t.ids} s on s.id = d.id`,
  );
  await tx.execute(sql`alter table ${t.docs} add primary key (id)`);
  const ent = sql`d.enterprise_uuid = ${enterpriseUuid}`;
  const context = (where: SQL) =>
    tx.execute(
      sql`insert into ${t.docs} select ${DOC_COLUMNS}, false from documents d where ${ent} and ${where}
          on conflict (id) do nothing`,
    );
  // Every record of the scope's VINs (a vehicle sold is judged against its completion, whenever made).
  await context(sql`d.vin_sn <> '' and d.vin_sn in (select vin from ${t.vins})`);
  // Every record of the lots of the scope's documents and VINs (balances, first arrival).
  await context(
    sql`d.batch_no <> '' and (d.item_code, d.batch_no) in
        (select distinct x.item_code, x.batch_no from ${t.docs} x where x.batch_no <> '')`,
  );
  // What the scope's documents name by number, and what names the scope's orders, contracts, invoices.
  await context(
    sql`d.bill_no in (select distinct unnest(x.related_bill_nos) from ${t.docs} x where x.in_scope)`,
  );
  const targets = sql`${sql.param(MONEY_TARGETS.map((c) => typeCodeOf(c)))}::int[]`;
  // (A semi-join of the unnested numbers: `related_bill_nos && array[...]` of thousands took 0.4 s.)
  await context(
    sql`d.id in (select y.id from documents y cross join lateral unnest(y.related_bill_nos) as r(rel)
        where y.enterprise_uuid = ${enterpriseUuid} and r.rel in (select x.bill_no from ${t.docs} x
          where x.in_scope and x.doc_type = any(${targets})))`,
  );
  await tx.execute(sql`create index on ${t.docs} (item_code, batch_no)`);
  await tx.execute(sql`create index on ${t.docs} (bill_no)`);
  await tx.execute(sql`create index on ${t.docs} (vin_sn)`);
  await tx.execute(sql`analyze ${t.docs}`);
  await tx.execute(
    sql`create temp table ${t.watch} (check_id text, subject text, primary key (check_id, subject))`,
  );
  const [row] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from ${t.docs}`);
  return row?.n ?? 0;
}

/** The subjects the previous run found failing or unknown, for the checks to tell a fix. */
export async function fillWatch(
  tx: Db,
  t: ScopeTables,
  open: readonly { checkId: string; subject: string }[],
): Promise<void> {
  if (open.length === 0) return;
  await tx.execute(
    sql`insert into ${t.watch} select * from unnest(${sql.param(open.map((o) => o.checkId))}::text[],
          ${sql.param(open.map((o) => o.subject))}::text[]) on conflict do nothing`,
  );
  await tx.execute(sql`analyze ${t.watch}`);
}
