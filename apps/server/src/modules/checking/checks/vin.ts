import { sql } from 'drizzle-orm';
import type { TBilingual } from '@tracehub/contract';
import { lotFacts, vinFacts } from './facts.ts';
import { roleTypes } from './sql.ts';
import { passIf, runSubjects, subjectRow, unionOf, type Facts } from './subjects.ts';
import { BOTH, type CheckDef, type CheckKind } from './types.ts';

/*
 * A vehicle's own records (VIN tables, completion by VIN): what customs asks first is whether each VIN was
 * built, fitted with parts that came from somewhere, and sold once.
 */

interface VinCheck extends CheckDef {
  message(f: Facts): TBilingual;
}

const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');

const CHECKS: readonly VinCheck[] = [
  {
    id: 'vin-without-production',
    version: 1,
    level: 'fatal',
    name: { zh: 'VIN缺少生产或零部件记录', en: 'VIN without production or parts records' },
    description: {
      zh: '范围内的每个VIN都应有生产完工记录和装车零部件记录（B1-1、C1-1）',
      en: 'Every VIN of the scope has a production completion record and fitted-part records (B1-1, C1-1)',
    },
    appliesTo: BOTH,
    message: (f) => {
      const missing = [
        ...(f.produced ? [] : [{ zh: '生产记录', en: 'production record' }]),
        ...(f.fitted ? [] : [{ zh: '零部件记录', en: 'parts records' }]),
      ];
      return {
        zh: `VIN ${f.vin} 缺少${missing.map((m) => m.zh).join('和')}`,
        en: `VIN ${f.vin} has no ${missing.map((m) => m.en).join(' and no ')}`,
      };
    },
  },
  {
    id: 'vin-completed-twice',
    version: 1,
    level: 'fatal',
    name: { zh: 'VIN重复完工入库', en: 'VIN completed more than once' },
    description: {
      zh: '一个VIN只应有一张生产完工入库单据',
      en: 'A VIN is completed (stocked in from production) under one document number only',
    },
    appliesTo: BOTH,
    message: (f) => ({
      zh: `VIN ${f.vin} 有多张完工入库单据：${list(f.bills)}`,
      en: `VIN ${f.vin} was completed under several numbers: ${list(f.bills)}`,
    }),
  },
  {
    id: 'vin-sold-twice',
    version: 1,
    level: 'fatal',
    name: { zh: 'VIN重复销售', en: 'VIN sold more than once' },
    description: {
      zh: '一个VIN只应有一条整车销售记录（A1-1）',
      en: 'A VIN has one vehicle sales record (A1-1)',
    },
    appliesTo: BOTH,
    message: (f) => ({
      zh: `VIN ${f.vin} 有多条整车销售记录：${list(f.bills)}`,
      en: `VIN ${f.vin} was sold under several numbers: ${list(f.bills)}`,
    }),
  },
  {
    id: 'vin-part-lot-unsourced',
    version: 1,
    level: 'urgent',
    name: { zh: '装车零部件批次无来源', en: 'Fitted part lot never received' },
    description: {
      zh: '装入VIN的零部件批次应有企业的收货或生产记录',
      en: 'A part lot fitted into a VIN was received or produced by the enterprise',
    },
    appliesTo: BOTH,
    message: (f) => ({
      zh: `VIN ${f.vin} 装配的零部件批次 ${f.item}/${f.batch} 没有收货或生产记录`,
      en: `Part lot ${f.item}/${f.batch} fitted into VIN ${f.vin} was never received or produced`,
    }),
  },
];

export const vinKind: CheckKind<VinCheck> = {
  id: 'vin',
  name: { zh: 'VIN记录', en: 'VIN records' },
  description: {
    zh: '每个VIN的生产、装车和销售记录',
    en: 'Each VIN’s production, fitted parts and sales records',
  },
  checks: CHECKS,
  async run(ctx, chosen) {
    const vins = await vinFacts(ctx);
    const ids = new Set(chosen.map((c) => c.id));
    const parts = [];
    if (ids.has('vin-without-production'))
      parts.push(
        sql`select ${subjectRow({
          check: 'vin-without-production',
          subject: sql`'vin:' || v.vin`,
          outcome: passIf(sql`v.produced and v.fitted`),
          vin: sql`v.vin`,
          docs: sql`v.ids`,
          facts: sql`jsonb_build_object('vin', v.vin, 'produced', v.produced, 'fitted', v.fitted)`,
        })} from ${vins} v`,
      );
    if (ids.has('vin-completed-twice'))
      parts.push(
        sql`select ${subjectRow({
          check: 'vin-completed-twice',
          subject: sql`'vin-completed:' || v.vin`,
          outcome: passIf(sql`cardinality(v.completions) <= 1`),
          vin: sql`v.vin`,
          docs: sql`v.completion_ids`,
          facts: sql`jsonb_build_object('vin', v.vin, 'bills', to_jsonb(v.completions))`,
        })} from ${vins} v where v.produced`,
      );
    if (ids.has('vin-sold-twice'))
      parts.push(
        sql`select ${subjectRow({
          check: 'vin-sold-twice',
          subject: sql`'vin-sold:' || v.vin`,
          outcome: passIf(sql`cardinality(v.sales) <= 1`),
          vin: sql`v.vin`,
          docs: sql`v.sale_ids`,
          facts: sql`jsonb_build_object('vin', v.vin, 'bills', to_jsonb(v.sales))`,
        })} from ${vins} v where cardinality(v.sales) > 0`,
      );
    if (ids.has('vin-part-lot-unsourced')) {
      const lots = await lotFacts(ctx);
      parts.push(
        sql`select ${subjectRow({
          check: 'vin-part-lot-unsourced',
          subject: sql`'fit:' || f.vin_sn || '/' || f.item_code || '/' || f.batch_no`,
          outcome: passIf(sql`l.first_in is not null`),
          vin: sql`f.vin_sn`,
          docs: sql`f.ids`,
          facts: sql`jsonb_build_object('vin', f.vin_sn, 'item', f.item_code, 'batch', f.batch_no)`,
        })} from (select d.vin_sn, d.item_code, d.batch_no, array_agg(d.id order by d.biz_time, d.id) as ids
            from ${ctx.scope.docs} d join ${ctx.scope.vins} v on v.vin = d.vin_sn
            where d.doc_type = any(${roleTypes('fit')}) and d.batch_no <> '' and d.item_code <> ''
            group by d.vin_sn, d.item_code, d.batch_no) f
          left join ${lots} l on l.item_code = f.item_code and l.batch_no = f.batch_no`,
      );
    }
    return runSubjects(ctx, chosen, unionOf(parts), (check, row) => check.message(row.facts ?? {}));
  },
};
