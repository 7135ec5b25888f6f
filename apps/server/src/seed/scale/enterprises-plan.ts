import { vinCheckDigit } from '@tracehub/contract';
import type { DemoProfile } from '../demo-companies.ts';
import { idNumberOf, usciOf } from '../demo-companies.ts';
import {
  BRAND_FIRST,
  BRAND_SECOND,
  COMPONENTS,
  GIVEN_NAMES,
  INDUSTRY,
  MINERALS,
  PARTS,
  REGIONS,
  SERIES,
  STREETS,
  SURNAMES,
  type Bilingual,
  type Category,
  type Region,
  type Tier,
} from './catalog.ts';
import type { Rng } from './prng.ts';

// The companies of the scale data set and who supplies whom: how many of each tier, what each makes and
// buys, its names, addresses, legal person and administrator, and its suppliers for each input. Pure
// functions of the seeded streams.

export interface PlanEnterprise {
  index: number;
  tier: Tier;
  /** A001 (automakers), P001 (tier 1 parts), M001 (tier 2 materials), T001 (traders), K001 (mines). */
  code: string;
  uuid: string;
  name: Bilingual;
  short: Bilingual;
  usci: string;
  region: Region;
  profile: DemoProfile;
  businessAttribute: 'manufacturing' | 'trading' | 'mineral';
  scene: 'US' | 'EU' | 'US&EU';
  /** What it makes (tier 1 parts, tier 2 components, a mine's minerals) or trades (a trader's minerals). */
  makes: string[];
  /** A made category's inputs, resolved against what the platform's suppliers make. */
  inputsOf: Map<string, string[]>;
  /** Suppliers (enterprise indexes) of each category it buys; the first is the main one. */
  suppliers: Map<string, number[]>;
  /** Its clients (enterprise indexes), in the order they were first assigned. */
  clients: number[];
  admin: { username: string; email: string };
}

const TIERS: readonly Tier[] = ['auto', 'tier1', 'tier2', 'trader', 'mine'];
const SHARE: Readonly<Record<Tier, number>> = {
  auto: 0.05,
  tier1: 0.33,
  tier2: 0.4,
  trader: 0.1,
  mine: 0.12,
};
const CODE_LETTER: Readonly<Record<Tier, string>> = {
  auto: 'A',
  tier1: 'P',
  tier2: 'M',
  trader: 'T',
  mine: 'K',
};
/** The line of business in a short name (makers: what they make). */
const SHORT_WORD: Partial<Record<Tier, string>> = { auto: '汽车', trader: '贸易', mine: '矿业' };
/** Who buys from each tier. */
const BUYERS: Readonly<Record<Tier, readonly Tier[]>> = {
  auto: [],
  tier1: ['auto'],
  tier2: ['tier1'],
  trader: ['tier2'],
  mine: ['tier2', 'trader'],
};

/** How many companies of each tier: at least one of each, the rest by share (largest remainder). */
export function tierCounts(total: number): Record<Tier, number> {
  if (total < TIERS.length) throw new Error(`--enterprises must be at least ${TIERS.length} (one per tier)`);
  const rest = total - TIERS.length;
  const exact = TIERS.map((t) => rest * SHARE[t]);
  const counts = exact.map((x) => Math.floor(x));
  let left = rest - counts.reduce((s, n) => s + n, 0);
  const fraction = (i: number) => exact[i]! - counts[i]!;
  const order = TIERS.map((_, i) => i).sort((a, b) => fraction(b) - fraction(a) || a - b);
  for (const i of order) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return Object.fromEntries(TIERS.map((t, i) => [t, counts[i]! + 1])) as Record<Tier, number>;
}

export const CATEGORY: ReadonlyMap<string, Category> = new Map(
  [...MINERALS, ...COMPONENTS, ...PARTS].map((c) => [c.code, c]),
);
export const categoryOf = (code: string): Category => {
  const c = CATEGORY.get(code);
  if (!c) throw new Error(`unknown category ${code}`);
  return c;
};

/** A UUID (version 4 layout) from the stream. */
function uuidOf(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const USCI_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A USCI of a company registered in `region`: 91 (enterprise), the division, 'MA' + seven characters. */
export function usciIn(rng: Rng, region: Region): string {
  let body = `91${region.division}MA`;
  for (let i = 0; i < 7; i++) body += USCI_CHARS.charAt(rng.int(0, USCI_CHARS.length - 1));
  return usciOf(body);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const personName = (rng: Rng) => `${rng.pick(SURNAMES)}${rng.pick(GIVEN_NAMES)}`;

function address(rng: Rng, region: Region) {
  const street = rng.pick(STREETS);
  const no = rng.int(8, 2999);
  return {
    country: 'CN',
    province: region.province.zh,
    city: region.city.zh,
    area: region.area.zh,
    areaEn: region.area.en,
    detail: `${street.zh} ${no} 号`,
    detailEn: `No. ${no} ${street.en}, ${region.area.en}, ${region.city.en}, ${region.province.en}`,
    longitude: Math.round((region.longitude + (rng.next() - 0.5) * 0.2) * 10_000) / 10_000,
    latitude: Math.round((region.latitude + (rng.next() - 0.5) * 0.2) * 10_000) / 10_000,
  };
}

const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month, 2)}-${pad(day, 2)}`;

/** The company fields a certification carries, with a resident ID card of a legal person born 1965-1990. */
function profileOf(rng: Rng, tier: Tier, region: Region, steel: DemoProfile['steelAttributes']): DemoProfile {
  const founded = rng.int(1998, 2019);
  const birth = isoDate(rng.int(1965, 1990), rng.int(1, 12), rng.int(1, 28));
  const idFrom = rng.int(2012, 2022);
  const registered = address(rng, region);
  return {
    businessTermFrom: isoDate(founded, rng.int(1, 12), rng.int(1, 28)),
    businessTermTo: rng.chance(0.5) ? null : isoDate(founded + 30, rng.int(1, 12), rng.int(1, 28)),
    registeredAddress: registered,
    operationAddress: rng.chance(0.6) ? address(rng, region) : registered,
    legalPersonName: personName(rng),
    legalPersonIdNumber: idNumberOf(`${region.division}${birth.replace(/-/g, '')}${pad(rng.int(1, 999), 3)}`),
    legalPersonIdValidFrom: isoDate(idFrom, rng.int(1, 12), rng.int(1, 28)),
    legalPersonIdValidTo: rng.chance(0.2) ? null : isoDate(idFrom + 20, rng.int(1, 12), rng.int(1, 28)),
    steelAttributes: steel,
    deploymentMethod: tier === 'auto' && rng.chance(0.5) ? 'localized' : 'distributed',
    accent: [rng.int(40, 240), rng.int(40, 240), rng.int(40, 240)],
  };
}

/** The i-th company's round-robin share of `list`: `per` consecutive entries each. */
const roundRobin = <T>(list: readonly T[], i: number, per: number): T[] => {
  const out: T[] = [];
  for (let k = 0; k < Math.min(per, list.length); k++) out.push(list[(i * per + k) % list.length]!);
  return [...new Set(out)];
};

/**
 * The companies, their products and their supply relations. Suppliers are chosen least-loaded first, so
 * that every maker gets clients when there are enough buyers.
 */
export function planEnterprises(rng: Rng, total: number): PlanEnterprise[] {
  const counts = tierCounts(total);
  const usedNames = new Set<string>();
  const usedUscis = new Set<string>();
  const list: PlanEnterprise[] = [];
  const perTier = new Map<Tier, PlanEnterprise[]>(TIERS.map((t) => [t, []]));

  // What each company makes: tier 1 takes two parts each in turn; tier 2 the components tier 1 needs, two
  // each in turn; mines the minerals tier 2 needs, one or two each; traders trade two or three of those.
  const partsOf = (i: number) =>
    roundRobin(
      PARTS.map((c) => c.code),
      i,
      2,
    );
  const wantedOf = (cat: string, maker: number) => {
    const inputs = Object.keys(categoryOf(cat).inputs);
    // A pack takes one cathode material: NCM at most makers, LFP at every third.
    if (inputs.includes('NCM') && inputs.includes('LFP')) {
      return inputs.filter((i) => i !== (maker % 3 === 2 ? 'NCM' : 'LFP'));
    }
    return inputs;
  };
  const needed = (order: readonly Category[], wanted: Set<string>) =>
    order.map((c) => c.code).filter((c) => wanted.has(c));
  const components = needed(
    COMPONENTS,
    new Set(Array.from({ length: counts.tier1 }, (_, i) => partsOf(i).flatMap((p) => wantedOf(p, i))).flat()),
  );
  const componentsOf = (i: number) => roundRobin(components, i, 2);
  const minerals = needed(
    MINERALS,
    new Set(
      Array.from({ length: counts.tier2 }, (_, i) => componentsOf(i).flatMap((c) => wantedOf(c, i))).flat(),
    ),
  );
  const mineralsOf = (i: number) => roundRobin(minerals, i, counts.mine <= 4 ? 2 : 1);
  const minedAll = new Set(Array.from({ length: counts.mine }, (_, i) => mineralsOf(i)).flat());
  const mined = MINERALS.map((m) => m.code).filter((c) => minedAll.has(c));
  const tierIndex = new Map<number, number>();

  for (const tier of TIERS) {
    for (let i = 0; i < counts[tier]; i++) {
      const makes =
        tier === 'tier1'
          ? partsOf(i)
          : tier === 'tier2'
            ? componentsOf(i)
            : tier === 'mine'
              ? mineralsOf(i)
              : tier === 'trader'
                ? roundRobin(mined, i, Math.min(3, mined.length))
                : [];
      const region = rng.pick(REGIONS);
      const industry = INDUSTRY[tier === 'tier1' || tier === 'tier2' ? makes[0]! : tier]!;
      let brand: Bilingual;
      let name: Bilingual;
      do {
        const a = rng.pick(BRAND_FIRST);
        const b = rng.pick(BRAND_SECOND);
        brand = { zh: `${a.zh}${b.zh}`, en: `${a.en}${b.en}` };
        name = {
          zh: `${region.city.zh.replace(/市$/, '')}${brand.zh}${industry.zh}`,
          en: `${region.city.en} ${brand.en} ${industry.en}`,
        };
      } while (usedNames.has(name.zh));
      usedNames.add(name.zh);
      let usci: string;
      do usci = usciIn(rng, region);
      while (usedUscis.has(usci));
      usedUscis.add(usci);
      const code = `${CODE_LETTER[tier]}${pad(i + 1, 3)}`;
      const steel: DemoProfile['steelAttributes'] = makes.includes('STEEL')
        ? ['steelProduction']
        : tier === 'tier1' && makes.some((m) => categoryOf(m).inputs.STEEL !== undefined)
          ? ['steelProcessing']
          : [];
      const e: PlanEnterprise = {
        index: list.length,
        tier,
        code,
        uuid: uuidOf(rng),
        name,
        short: {
          zh: `${brand.zh}${SHORT_WORD[tier] ?? categoryOf(makes[0]!).name.zh.slice(0, 4)}`.slice(0, 20),
          en: `${brand.en} ${industry.en.replace(/ Co\., Ltd\.$/, '')}`.slice(0, 50),
        },
        usci,
        region,
        profile: profileOf(rng, tier, region, steel),
        businessAttribute: tier === 'trader' ? 'trading' : tier === 'mine' ? 'mineral' : 'manufacturing',
        scene: rng.pick(['US', 'EU', 'US&EU'] as const),
        makes,
        inputsOf: new Map(),
        suppliers: new Map(),
        clients: [],
        admin: {
          username: `scale-${code.toLowerCase()}`,
          email: `scale-${code.toLowerCase()}@tracehub.local`,
        },
      };
      tierIndex.set(e.index, i);
      list.push(e);
      perTier.get(tier)!.push(e);
    }
  }

  const producers = (tier: Tier, cat: string) => perTier.get(tier)!.filter((e) => e.makes.includes(cat));
  const available = (tier: Tier) => new Set(perTier.get(tier)!.flatMap((e) => e.makes));
  const load = new Map<number, number>();
  /** Up to `n` suppliers among the candidates, least-loaded first (ties in a seeded order). */
  const choose = (client: PlanEnterprise, cat: string, candidates: PlanEnterprise[], n: number) => {
    const order = rng.shuffle(candidates).sort((a, b) => (load.get(a.index) ?? 0) - (load.get(b.index) ?? 0));
    const chosen = order.slice(0, Math.max(1, Math.min(n, order.length)));
    for (const s of chosen) {
      load.set(s.index, (load.get(s.index) ?? 0) + 1);
      if (!s.clients.includes(client.index)) s.clients.push(client.index);
    }
    client.suppliers.set(
      cat,
      chosen.map((s) => s.index),
    );
  };
  /** A made category's inputs among what the lower tier makes (the first one made when none is). */
  const resolveInputs = (
    e: PlanEnterprise,
    cat: string,
    lower: Set<string>,
    lowerOrder: readonly Category[],
  ) => {
    const wanted = wantedOf(cat, tierIndex.get(e.index)!).filter((i) => lower.has(i));
    return wanted.length ? wanted : [lowerOrder.find((c) => lower.has(c.code))!.code];
  };

  const parts = available('tier1');
  const made = available('tier2');
  for (const e of list) {
    if (e.tier === 'auto') {
      for (const cat of PARTS.map((p) => p.code).filter((p) => parts.has(p))) {
        choose(e, cat, producers('tier1', cat), 1 + Number(rng.chance(0.6)) + Number(rng.chance(0.3)));
      }
    } else if (e.tier === 'tier1') {
      for (const cat of e.makes) e.inputsOf.set(cat, resolveInputs(e, cat, made, COMPONENTS));
    } else if (e.tier === 'tier2') {
      for (const cat of e.makes) e.inputsOf.set(cat, resolveInputs(e, cat, new Set(mined), MINERALS));
    }
  }
  for (const e of perTier.get('tier1')!) {
    for (const input of new Set([...e.inputsOf.values()].flat())) {
      choose(e, input, producers('tier2', input), 1 + Number(rng.chance(0.5)));
    }
  }
  // Traders buy from mines before tier 2 chooses, so that each trader's minerals have a source.
  for (const e of perTier.get('trader')!) {
    for (const m of e.makes) choose(e, m, producers('mine', m), 1 + Number(rng.chance(0.4)));
  }
  for (const e of perTier.get('tier2')!) {
    for (const input of new Set([...e.inputsOf.values()].flat())) {
      const candidates = [...producers('mine', input), ...producers('trader', input)];
      choose(e, input, candidates, 1 + Number(rng.chance(0.5)) + Number(rng.chance(0.2)));
    }
  }
  // A maker nobody chose yet becomes an extra supplier of a buyer of what it makes, so that every company
  // takes part when there are buyers at all.
  for (const e of list) {
    if (e.tier === 'auto' || e.clients.length > 0) continue;
    const buyers = list
      .flatMap((b) => e.makes.filter((cat) => b.suppliers.has(cat)).map((cat) => ({ b, cat })))
      .filter(({ b }) => BUYERS[e.tier].includes(b.tier))
      .sort(
        (x, y) =>
          x.b.suppliers.get(x.cat)!.length - y.b.suppliers.get(y.cat)!.length || x.b.index - y.b.index,
      );
    const first = buyers[0];
    if (!first) continue;
    first.b.suppliers.get(first.cat)!.push(e.index);
    e.clients.push(first.b.index);
  }
  return list;
}

// ---- vehicles ------------------------------------------------------------------------------------------

/** A vehicle model of an automaker: its product code, names and the project it belongs to. */
export interface PlanModel {
  auto: number;
  index: number;
  code: string;
  name: Bilingual;
  project: string;
  /** VIN descriptor section (positions 4-8). */
  vds: string;
  vins: number;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The automaker's world manufacturer identifier: L (China) and two characters by its index. */
export function wmiOf(autoIndex: number): string {
  // Skip the demo automaker's LGX.
  const n = autoIndex + 40;
  const wmi = `L${VIN_CHARS.charAt(Math.floor(n / VIN_CHARS.length) % VIN_CHARS.length)}${VIN_CHARS.charAt(n % VIN_CHARS.length)}`;
  return wmi === 'LGX' ? 'LZZ' : wmi;
}

/** Model year characters of ISO 3779 (2023 P ... 2026 T). */
const YEAR_CHAR: Readonly<Record<number, string>> = { 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T' };

/** A VIN with its GB 16735 check digit: WMI, the model's VDS, check, year, plant, six-digit serial. */
export function vinOf(wmi: string, vds: string, year: number, plant: string, serial: number): string {
  const draft = `${wmi}${vds}0${YEAR_CHAR[year] ?? 'S'}${plant}${pad(serial, 6)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** The models of one automaker (one to three projects of one or two models) and their share of VINs. */
export function planModels(rng: Rng, e: PlanEnterprise, autoIndex: number, vins: number): PlanModel[] {
  const projects = vins >= 2000 ? 3 : vins >= 200 ? 2 : 1;
  const shapes: { project: string }[] = [];
  for (let p = 0; p < projects; p++) {
    const project = `${e.code}-PRJ-${2024 + p}`;
    const models = rng.chance(0.5) ? 2 : 1;
    for (let m = 0; m < models; m++) shapes.push({ project });
  }
  const kept = shapes.slice(0, Math.max(1, Math.min(shapes.length, vins)));
  const weights = kept.map(() => 0.5 + rng.next());
  const total = weights.reduce((s, w) => s + w, 0);
  const counts = weights.map((w) => Math.floor((vins * w) / total));
  for (let i = 0; counts.reduce((s, n) => s + n, 0) < vins; i++) counts[i % counts.length]!++;
  const series = rng.shuffle(SERIES);
  return kept.map((shape, i) => {
    const s = series[i % series.length]!;
    const short = s.en.split(' ')[0]!;
    return {
      auto: e.index,
      index: i,
      code: `${e.code}-${short}`,
      name: { zh: `${e.short.zh.replace(/汽车$/, '')} ${s.zh}`, en: `${e.short.en} ${s.en}` },
      project: shape.project,
      vds: `${VIN_CHARS.charAt(rng.int(0, 22))}${VIN_CHARS.charAt(rng.int(0, 22))}${rng.int(1, 9)}${VIN_CHARS.charAt(rng.int(0, 22))}${VIN_CHARS.charAt(autoIndex % 23)}`,
      vins: counts[i]!,
    };
  });
}
