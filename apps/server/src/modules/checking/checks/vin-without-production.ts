import { sql } from 'drizzle-orm';
import { SCOPE_VINS, cites, citedDocs, roleTypes, rowsOf, type Check } from './types.ts';

/** A VIN in the scope (sold, built or fitted) without its completion record or without any fitted part. */
export const vinWithoutProduction: Check = {
  id: 'vin-without-production',
  version: 1,
  level: 'fatal',
  name: { zh: 'VIN缺少生产或零部件记录', en: 'VIN without production or parts records' },
  description: {
    zh: '范围内的每个VIN都应有生产完工记录和装车零部件记录（B1-1、C1-1）',
    en: 'Every VIN of the scope has a production completion record and fitted-part records (B1-1, C1-1)',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx }) {
    const rows = await rowsOf<{ vin: string; produced: boolean; fitted: boolean; cited: unknown }>(
      tx,
      sql`select v.vin,
            coalesce(bool_or(d.doc_type = any(${roleTypes('produce')})), false) as produced,
            coalesce(bool_or(d.doc_type = any(${roleTypes('fit')})), false) as fitted,
            ${citedDocs('d')} filter (where d.id is not null) as cited
          from ${SCOPE_VINS} v left join documents d on d.vin_sn = v.vin
          group by v.vin`,
    );
    return rows.map((r) => {
      const missing = [
        ...(r.produced ? [] : [{ zh: '生产记录', en: 'production record' }]),
        ...(r.fitted ? [] : [{ zh: '零部件记录', en: 'parts records' }]),
      ];
      return {
        subject: `vin:${r.vin}`,
        outcome: missing.length === 0 ? 'pass' : 'fail',
        vins: [r.vin],
        cited: cites(r.cited),
        message: {
          zh: `VIN ${r.vin} 缺少${missing.map((m) => m.zh).join('和')}`,
          en: `VIN ${r.vin} has no ${missing.map((m) => m.en).join(' and no ')}`,
        },
      };
    });
  },
};
