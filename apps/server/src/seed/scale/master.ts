import type {
  TMaterialCreateInput,
  TMaterialRelationImportRow,
  TPartnerImportRow,
  TProjectCreate,
} from '@tracehub/contract';
import { INDUSTRY, REGIONS, SUNDRIES, type Bilingual } from './catalog.ts';
import { itemOf, oreItemOf } from './chain.ts';
import { categoryOf, usciIn, type PlanEnterprise, type PlanModel } from './enterprises-plan.ts';
import type { Plan } from './plan.ts';
import { hash32, rngOf } from './prng.ts';

// The master data of each scale enterprise, as import rows of its resources: partners (its suppliers and
// clients on the platform, an automaker's dealers and sundry suppliers off it), materials (what it buys and
// what it makes), material code mappings both ways (each linked afterwards to its own material), and an
// automaker's project codes and vehicle models.

/** The partners of one enterprise by the other side, and the ones off the platform. */
export interface PartnerBook {
  supplier: Map<number, string>;
  client: Map<number, string>;
  /** An automaker's dealers (clients not on the platform): codes. */
  dealers: string[];
  /** An automaker's suppliers of sundries (not on the platform), by sundry kind. */
  sundry: Map<'standard' | 'auxiliary' | 'packaging', string>;
  rows: TPartnerImportRow[];
}

const TAGS: Readonly<Record<string, string>> = {
  auto: '整车厂',
  tier1: '一级供应商',
  tier2: '原材料供应商',
  trader: '贸易商',
  mine: '矿山',
  dealer: '经销商',
  sundry: '辅料供应商',
};

/** A contact person and their phone, the same for a partner whoever lists it. */
function contactOf(seed: number, key: string): { contactName: string; phone: string } {
  const h = hash32(`${seed}:contact:${key}`);
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  const given = ['伟', '芳', '敏', '静', '磊', '洋', '涛', '明', '晓东', '丽娟', '志强', '海燕'];
  const contactName = `${surnames.charAt(h % surnames.length)}${given[(h >>> 8) % given.length]}`;
  const phone = `+86 ${String(10 + ((h >>> 4) % 89))}-${String(50_000_000 + (h % 40_000_000)).replace(/^(\d{4})(\d{4})$/, '$1 $2')}`;
  return { contactName, phone };
}

/** Companies off the platform (dealers, sundry suppliers): names and valid USCIs of their own. */
function offPlatform(plan: Plan, auto: PlanEnterprise, kind: string, count: number, taken: Set<string>) {
  const rng = rngOf(plan.sizes.seed, `off-platform:${auto.code}:${kind}`);
  return Array.from({ length: count }, (_, i) => {
    const region = rng.pick(REGIONS);
    let usci: string;
    do usci = usciIn(rng, region);
    while (taken.has(usci));
    taken.add(usci);
    const brand: Bilingual =
      i % 2 === 0 ? auto.short : { zh: `${region.area.zh.slice(0, 2)}`, en: region.area.en.split(' ')[0]! };
    const industry = INDUSTRY[kind]!;
    return {
      name: `${region.city.zh.replace(/市$/, '')}${brand.zh.replace(/汽车$/, '')}${i + 1}号${industry.zh}`,
      nameEn: `${region.city.en} ${brand.en} No. ${i + 1} ${industry.en}`,
      usci,
    };
  });
}

export function partnersOf(plan: Plan, e: PlanEnterprise): PartnerBook {
  const seed = plan.sizes.seed;
  const suppliers = [...new Set([...e.suppliers.values()].flat())];
  const book: PartnerBook = {
    supplier: new Map(suppliers.map((s, i) => [s, `V${10001 + i}`])),
    client: new Map(e.clients.map((c, i) => [c, `C${20001 + i}`])),
    dealers: [],
    sundry: new Map(),
    rows: [],
  };
  const row = (
    partnerType: 'supplier' | 'client',
    code: string,
    name: Bilingual,
    usci: string,
    tag: string,
    key: string,
  ): TPartnerImportRow => ({
    partnerType,
    code,
    name: name.zh,
    nameEn: name.en,
    usci,
    ...contactOf(seed, key),
    email: `${key.toLowerCase()}@partners.example.com`,
    tags: [tag],
    notes: '',
    invite: false,
  });
  for (const [s, code] of book.supplier) {
    const p = plan.ents[s]!;
    book.rows.push(row('supplier', code, p.name, p.usci, TAGS[p.tier]!, `${p.code}-sales`));
  }
  for (const [c, code] of book.client) {
    const p = plan.ents[c]!;
    book.rows.push(row('client', code, p.name, p.usci, TAGS[p.tier]!, `${p.code}-purchasing`));
  }
  if (e.tier === 'auto') {
    const taken = new Set(plan.ents.map((x) => x.usci));
    const vins = plan.models.filter((m) => m.auto === e.index).reduce((s, m) => s + m.vins, 0);
    const dealers = offPlatform(plan, e, 'dealer', Math.max(2, Math.min(30, Math.round(vins / 2000))), taken);
    dealers.forEach((d, i) => {
      const code = `C${30001 + i}`;
      book.dealers.push(code);
      book.rows.push(
        row('client', code, { zh: d.name, en: d.nameEn }, d.usci, TAGS.dealer!, `${e.code}-d${i}`),
      );
    });
    (['standard', 'auxiliary', 'packaging'] as const).forEach((kind, i) => {
      const [s] = offPlatform(plan, e, kind, 1, taken);
      const code = `V${90001 + i}`;
      book.sundry.set(kind, code);
      book.rows.push(
        row('supplier', code, { zh: s!.name, en: s!.nameEn }, s!.usci, TAGS.sundry!, `${e.code}-s${i}`),
      );
    });
  }
  return book;
}

/** One material of an import: what the enterprise buys (tracing objects) or makes. */
export interface PlannedMaterial {
  nature: 'purchased' | 'homemade';
  row: TMaterialCreateInput;
}

export function materialsOf(plan: Plan, e: PlanEnterprise): PlannedMaterial[] {
  const out: PlannedMaterial[] = [];
  const describe = (cat: string) => {
    const c = categoryOf(cat);
    return { name: c.name.zh, nameEn: c.name.en, unit: c.unit.zh };
  };
  for (const [cat, list] of e.suppliers) {
    out.push({
      nature: 'purchased',
      row: {
        code: itemOf(e, cat),
        ...describe(cat),
        tracingObject: true,
        supplierMaterialCode: itemOf(plan.ents[list[0]!]!, cat),
        description: `主供应商 ${plan.ents[list[0]!]!.name.zh}`,
      },
    });
  }
  if (e.tier === 'auto') {
    for (const list of Object.values(SUNDRIES)) {
      for (const s of list) {
        out.push({
          nature: 'purchased',
          row: { code: `${e.code}-${s.code}`, name: s.name.zh, nameEn: s.name.en, unit: s.unit.zh },
        });
      }
    }
  }
  if (e.tier !== 'trader') {
    for (const cat of e.makes) {
      out.push({ nature: 'homemade', row: { code: itemOf(e, cat), ...describe(cat), tracingObject: true } });
      if (e.tier === 'mine') {
        out.push({
          nature: 'homemade',
          row: {
            code: oreItemOf(e, cat),
            name: `${categoryOf(cat).name.zh.replace(/精矿$/, '')}原矿`,
            nameEn: `${categoryOf(cat).name.en.replace(/ concentrate$/, '')} ore`,
            unit: '吨',
            tracingObject: true,
          },
        });
      }
    }
  }
  return out;
}

/** A mapping to import and the own material (by code) it is linked to afterwards. */
export interface PlannedMapping {
  direction: 'supplier' | 'client';
  row: TMaterialRelationImportRow;
  ownCode: string;
}

export function mappingsOf(plan: Plan, e: PlanEnterprise, book: PartnerBook): PlannedMapping[] {
  const out: PlannedMapping[] = [];
  for (const [cat, list] of e.suppliers) {
    for (const s of list) {
      const supplier = plan.ents[s]!;
      out.push({
        direction: 'supplier',
        row: {
          partnerCode: book.supplier.get(s)!,
          partnerName: supplier.name.zh,
          partnerMaterialNo: itemOf(supplier, cat),
          partnerMaterialName: categoryOf(cat).name.zh,
          notes: '',
        },
        ownCode: itemOf(e, cat),
      });
    }
  }
  for (const c of e.clients) {
    const client = plan.ents[c]!;
    for (const cat of e.makes) {
      if (!client.suppliers.get(cat)?.includes(e.index)) continue;
      out.push({
        direction: 'client',
        row: {
          partnerCode: book.client.get(c)!,
          partnerName: client.name.zh,
          partnerMaterialNo: itemOf(client, cat),
          partnerMaterialName: categoryOf(cat).name.zh,
          notes: '',
        },
        ownCode: itemOf(e, cat),
      });
    }
  }
  return out;
}

/** An automaker's project codes and its models as products (code, model year batch, tracing parts). */
export function projectsOf(models: readonly PlanModel[], e: PlanEnterprise) {
  const own = models.filter((m) => m.auto === e.index);
  const projects: TProjectCreate[] = [...new Set(own.map((m) => m.project))].map((code) => ({
    code,
    notes: `${e.short.zh} ${code.slice(-4)} 年度车型平台`,
  }));
  const parts = [...e.suppliers.keys()].map((cat) => itemOf(e, cat));
  const products = own.map((m) => ({
    name: m.name.zh,
    nameEn: m.name.en,
    code: m.code,
    batchNo: 'MY2024',
    spec: m.name.en,
    unit: '辆',
    weight: String(1500 + (hash32(m.code) % 900)),
    projectNo: m.project,
    materialCodes: parts.join(','),
  }));
  return { projects, products };
}

/** A vehicle's list price in CNY (whole yuan), by model. */
export const modelPrice = (model: PlanModel) => 129_800 + (hash32(model.code) % 22) * 10_000;
