import { DOCUMENT_TYPES } from '@tracehub/contract';
import { buildChain, LEVEL, type Chain, type Lot, type Shipment } from './chain.ts';
import {
  categoryOf,
  planEnterprises,
  planModels,
  type PlanEnterprise,
  type PlanModel,
} from './enterprises-plan.ts';
import { rngOf } from './prng.ts';

/*
 * The plan of a scale data set: from the requested sizes and the seed, every company, model, lot, shipment
 * and production of the traced chain (chain.ts), and how many rows of each document type the rest of the
 * requested documents become. The chain (the documents the trace walks: receipts, deliveries, pickings,
 * completions, vehicles, fits, mines) takes about BACKBONE_SHARE of the documents, its build groups sized
 * to fit; the rest are the documents around it (contracts, invoices, payments, packing lists, shipments,
 * returns, certificates, the VIN tables ...), each chosen among the records it belongs to, in proportions
 * by weight, every type at least once when the budget allows. The total is exactly the request.
 */

/** Sizes that cannot make a data set (too few VINs for the automakers, documents for the VINs ...). */
export class ScaleSizeError extends Error {}

export interface ScaleSizes {
  enterprises: number;
  vins: number;
  documents: number;
  seed: number;
}

/** What the documents around the chain belong to. */
export type CompanionSource =
  /** A shipment: purchase documents at its client, sales and logistics documents at its supplier. */
  | 'shipment'
  /** A shipment that is not steel (returns name ordinary receipts and deliveries). */
  | 'plainShipment'
  /** A shipment of manufactured goods (warranties). */
  | 'madeShipment'
  /** A vehicle (VIN tables A). */
  | 'vin'
  /** A vehicle whose build fits a tracked non-key part (C1-1). */
  | 'nonKeyVin'
  /** A part lot an automaker received (D, E tables). */
  | 'partLot'
  | 'keyLot'
  | 'nonKeyLot'
  | 'packLot'
  /** A unit of a key part lot (serial numbers, B1-3). */
  | 'keyUnit'
  /** Goods bought outside the traced chain (standard parts, auxiliary and packaging materials). */
  | 'free';

export interface CompanionDef {
  code: string;
  weight: number;
  source: CompanionSource;
}

/** The documents around the chain, in proportions of a year of business. */
export const COMPANIONS: readonly CompanionDef[] = [
  { code: 'PurchaseContract', weight: 8, source: 'shipment' },
  { code: 'PurchaseReturn', weight: 1.2, source: 'plainShipment' },
  { code: 'PurchaseInvoice', weight: 10, source: 'shipment' },
  { code: 'PurchasePay', weight: 8, source: 'shipment' },
  { code: 'PurchaseStatement', weight: 2, source: 'shipment' },
  { code: 'SupplierAffidavit', weight: 1.5, source: 'shipment' },
  { code: 'PurchasePacking', weight: 4, source: 'shipment' },
  { code: 'PurchaseLading', weight: 1.5, source: 'shipment' },
  { code: 'PurchaseOrigin', weight: 1.5, source: 'shipment' },
  { code: 'SaleContract', weight: 8, source: 'shipment' },
  { code: 'SaleReturn', weight: 1.2, source: 'plainShipment' },
  { code: 'SaleInvoice', weight: 10, source: 'shipment' },
  { code: 'SaleOrigin', weight: 1.5, source: 'shipment' },
  { code: 'SaleReceipt', weight: 8, source: 'shipment' },
  { code: 'SaleWarranty', weight: 3, source: 'madeShipment' },
  { code: 'LogisticsTrans', weight: 8, source: 'shipment' },
  { code: 'LogisticsPacking', weight: 3, source: 'shipment' },
  { code: 'LogisticsLading', weight: 1.5, source: 'shipment' },
  { code: 'InternalA12', weight: 3, source: 'vin' },
  { code: 'InternalA13', weight: 3, source: 'vin' },
  { code: 'InternalA14', weight: 3, source: 'vin' },
  { code: 'InternalA21', weight: 1, source: 'vin' },
  { code: 'InternalA3', weight: 2, source: 'vin' },
  { code: 'InternalA4', weight: 0.3, source: 'vin' },
  { code: 'InternalB12', weight: 1, source: 'keyLot' },
  { code: 'InternalB13', weight: 1.5, source: 'keyUnit' },
  { code: 'InternalB2', weight: 1, source: 'keyLot' },
  { code: 'InternalB2VP3', weight: 0.5, source: 'packLot' },
  { code: 'InternalC11', weight: 6, source: 'nonKeyVin' },
  { code: 'InternalC12', weight: 0.5, source: 'nonKeyLot' },
  { code: 'InternalC2', weight: 0.5, source: 'nonKeyLot' },
  { code: 'InternalC31', weight: 0.5, source: 'free' },
  { code: 'InternalC32', weight: 0.3, source: 'free' },
  { code: 'InternalC4', weight: 0.5, source: 'free' },
  { code: 'InternalC5', weight: 0.5, source: 'free' },
  { code: 'InternalD11', weight: 0.5, source: 'partLot' },
  { code: 'InternalD12', weight: 0.3, source: 'partLot' },
  { code: 'InternalE1', weight: 0.3, source: 'partLot' },
];

const BACKBONE_SHARE = 0.7;
/** Above this many vehicles per build group, amounts of a lot could pass 9 integer digits. */
const MAX_GROUP = 500;

export interface Plan {
  sizes: ScaleSizes;
  ents: PlanEnterprise[];
  models: PlanModel[];
  chain: Chain;
  groupSize: number;
  stockLots: number;
  /** Rows per document type (menu code); they add up to sizes.documents. */
  counts: Map<string, number>;
  /** The chosen records of each companion type: indexes into its source list. */
  chosen: Map<string, number[]>;
  sources: CompanionSources;
  /** Free rows (standard parts ...) per automaker index and type. */
  free: Map<number, Map<string, number>>;
}

export interface CompanionSources {
  shipment: Shipment[];
  plainShipment: Shipment[];
  madeShipment: Shipment[];
  /** Global VIN indexes. */
  vin: number[];
  nonKeyVin: number[];
  partLot: Lot[];
  keyLot: Lot[];
  nonKeyLot: Lot[];
  packLot: Lot[];
  /** [lot, unit index] of key lots' units. */
  keyUnit: [Lot, number][];
}

/** Rows of each chain type in a chain. */
export function backboneCounts(chain: Chain): Map<string, number> {
  const parts = (steel: boolean) =>
    chain.shipments.reduce((n, s) => n + (s.steel === steel ? s.parts.length : 0), 0);
  const vins = chain.builds.reduce((s, b) => s + b.vins.length, 0);
  return new Map<string, number>([
    ['PurchaseReceipt', parts(false)],
    ['PurchaseReceiptSteel', parts(true)],
    ['ProductionStart', chain.picks.length],
    ['ProductionEnd', chain.productions.length],
    ['ProductionEndNew', vins],
    ['SaleDelivery', parts(false)],
    ['SaleDeliverySteel', parts(true)],
    ['InternalA11', vins],
    ['InternalB11', chain.builds.reduce((s, b) => s + (b.keyLot ? b.vins.length : 0), 0)],
    ['InternalE2', chain.lots.filter((l) => l.level === LEVEL.ore).length],
  ]);
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);

function sourcesOf(chain: Chain, ents: readonly PlanEnterprise[]): CompanionSources {
  const partLot = chain.lots.filter((l) => l.level === LEVEL.autoReceived);
  const isKey = (l: Lot) => categoryOf(l.cat).key === true;
  const keyLot = partLot.filter(isKey);
  const vinCount = chain.builds.reduce((s, b) => s + b.vins.length, 0);
  return {
    shipment: chain.shipments,
    plainShipment: chain.shipments.filter((s) => !s.steel),
    madeShipment: chain.shipments.filter((s) => ['tier1', 'tier2'].includes(ents[s.supplier]!.tier)),
    vin: Array.from({ length: vinCount }, (_, i) => i),
    nonKeyVin: chain.builds.flatMap((b) => (b.nonKeyLot ? b.vins.map((_, i) => b.firstVin + i) : [])),
    partLot,
    keyLot,
    nonKeyLot: partLot.filter((l) => !isKey(l)),
    packLot: partLot.filter((l) => l.cat === 'PACK'),
    keyUnit: keyLot.flatMap((l) =>
      Array.from({ length: Math.round(l.qty / 100) }, (_, i): [Lot, number] => [l, i]),
    ),
  };
}

/**
 * Rows per companion type: at least one of each type that has records to belong to (when the budget
 * allows), the rest by weight, never more than the records of its source (what one type cannot take goes
 * to the others).
 */
function allocate(budget: number, capacities: number[], weights: number[]): number[] {
  const n = capacities.map(() => 0);
  let left = budget;
  const open = capacities.map((c, i) => i).filter((i) => capacities[i]! > 0);
  if (left >= open.length) {
    for (const i of open) n[i] = 1;
    left -= open.length;
  }
  while (left > 0) {
    const active = capacities.map((_, i) => i).filter((i) => n[i]! < capacities[i]!);
    if (active.length === 0)
      throw new Error(`the chain leaves room for ${budget - left} more documents only`);
    const total = active.reduce((s, i) => s + weights[i]!, 0);
    const shares = active.map((i) => (left * weights[i]!) / total);
    let given = 0;
    active.forEach((i, k) => {
      const add = Math.min(Math.floor(shares[k]!), capacities[i]! - n[i]!);
      n[i]! += add;
      given += add;
    });
    if (given === 0) {
      // Less than one row per type left: to the largest shares first.
      const order = active.map((i, k) => ({ i, s: shares[k]! })).sort((a, b) => b.s - a.s || a.i - b.i);
      for (const { i } of order) {
        if (left - given === 0) break;
        n[i]!++;
        given++;
      }
    }
    left -= given;
  }
  return n;
}

/** `count` indexes spread evenly over [0, size), shifted by a seeded offset. */
export function spread(count: number, size: number, offset: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    Math.min(size - 1, Math.floor(((i + offset) * size) / count)),
  );
}

/**
 * The plan of the sizes. `fixed` skips the search for the build group size and stock lots (a worker
 * thread rebuilding the plan its parent found: same sizes and seed, same plan).
 */
export function planScale(sizes: ScaleSizes, fixed?: { groupSize: number; stockLots: number }): Plan {
  const { enterprises, vins, documents, seed } = sizes;
  if (enterprises < 5) throw new ScaleSizeError('--enterprises must be at least 5 (one of each tier)');
  const ents = planEnterprises(rngOf(seed, 'enterprises'), enterprises);
  const autos = ents.filter((e) => e.tier === 'auto');
  if (vins < autos.length)
    throw new ScaleSizeError(`--vins must be at least the number of automakers (${autos.length})`);

  // The automakers' shares of the vehicles, then their models.
  const shareRng = rngOf(seed, 'vehicles');
  const weights = autos.map(() => 0.5 + shareRng.next());
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => ((vins - autos.length) * w) / total);
  const perAuto = exact.map((x) => 1 + Math.floor(x));
  const byFraction = exact
    .map((x, i) => ({ i, f: x - Math.floor(x) }))
    .sort((x, y) => y.f - x.f || x.i - y.i);
  for (let k = 0, left = vins - perAuto.reduce((s, n) => s + n, 0); k < left; k++)
    perAuto[byFraction[k]!.i]!++;
  const modelRng = rngOf(seed, 'models');
  const models = autos.flatMap((e, i) => planModels(modelRng, e, i, perAuto[i]!));

  const minCompanions = documents >= 5000 ? COMPANIONS.length : 0;
  const limit = documents - minCompanions;
  const target = Math.max(1, Math.floor(documents * BACKBONE_SHARE));
  const sizeOf = (groupSize: number, stockLots: number) => {
    const chain = buildChain(seed, ents, models, { groupSize, stockLots });
    return { chain, rows: sum(backboneCounts(chain)), groupSize, stockLots };
  };

  // Build groups sized so that the chain takes about its share: its rows beyond the vehicles' own three
  // grow with the number of groups.
  const largest = Math.min(MAX_GROUP, Math.max(...models.map((m) => m.vins)));
  let best = fixed ? sizeOf(fixed.groupSize, fixed.stockLots) : sizeOf(largest, 0);
  if (best.rows > limit) {
    throw new ScaleSizeError(
      `--documents ${documents} is too small for ${vins} VINs: the traced chain alone needs ${best.rows} documents` +
        (minCompanions ? ` and every document type one more (${best.rows + minCompanions})` : ''),
    );
  }
  const core = 3 * vins;
  const groupsAt = (g: number) => models.reduce((s, m) => s + Math.ceil(m.vins / g), 0);
  for (let round = 0; !fixed && round < 6 && best.rows < target * 0.97 && best.groupSize > 1; round++) {
    const wanted = (target - core) / ((best.rows - core) / groupsAt(best.groupSize));
    let lo = 1;
    let hi = best.groupSize;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (groupsAt(mid) <= wanted) hi = mid;
      else lo = mid + 1;
    }
    if (lo === best.groupSize) break;
    const tried = sizeOf(lo, 0);
    if (tried.rows <= limit) best = tried;
    if (tried.rows > target) break;
  }
  // Few vehicles for many documents: stock lots make up the chain's share.
  for (let round = 0; !fixed && round < 4 && best.groupSize === 1 && best.rows < target * 0.95; round++) {
    const lots = Math.max(1, best.chain.lots.filter((l) => l.level === LEVEL.autoReceived).length);
    const perLot = (best.rows - core) / lots;
    const stock = best.stockLots + Math.floor((target - best.rows) / Math.max(1, perLot));
    const tried = sizeOf(1, stock);
    if (tried.rows > limit) break;
    best = tried;
  }

  const counts = backboneCounts(best.chain);
  const sources = sourcesOf(best.chain, ents);
  const budget = documents - sum(counts);
  const capacity = (d: CompanionDef) =>
    d.source === 'free' ? Number.MAX_SAFE_INTEGER : sources[d.source].length;
  const rows = allocate(
    budget,
    COMPANIONS.map(capacity),
    COMPANIONS.map((d) => d.weight),
  );
  const pickRng = rngOf(seed, 'companions');
  const chosen = new Map<string, number[]>();
  const free = new Map<number, Map<string, number>>();
  COMPANIONS.forEach((d, i) => {
    counts.set(d.code, rows[i]!);
    if (d.source === 'free') {
      // Spread over the automakers by their share of vehicles.
      const shares = spread(rows[i]!, vins, pickRng.next()).map((v) => vinAuto(best.chain, v));
      for (const auto of shares) {
        const m = free.get(auto) ?? new Map<string, number>();
        m.set(d.code, (m.get(d.code) ?? 0) + 1);
        free.set(auto, m);
      }
    } else {
      chosen.set(d.code, spread(rows[i]!, sources[d.source].length, pickRng.next()));
    }
  });
  for (const def of DOCUMENT_TYPES) if (!counts.has(def.code)) counts.set(def.code, 0);
  if (sum(counts) !== documents) throw new Error(`planned ${sum(counts)} documents instead of ${documents}`);
  return {
    sizes,
    ents,
    models,
    chain: best.chain,
    groupSize: best.groupSize,
    stockLots: best.stockLots,
    counts,
    chosen,
    sources,
    free,
  };
}

/** The automaker (enterprise index) of a global VIN index. */
function vinAuto(chain: Chain, vin: number): number {
  let lo = 0;
  let hi = chain.builds.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chain.builds[mid]!.firstVin <= vin) lo = mid;
    else hi = mid - 1;
  }
  return chain.builds[lo]!.auto;
}
