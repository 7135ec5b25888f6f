import { MINE_SITES, ORE_RATIO, type MineSite } from './catalog.ts';
import { categoryOf, vinOf, wmiOf, type PlanEnterprise, type PlanModel } from './enterprises-plan.ts';
import { hash32, rngOf } from './prng.ts';

/*
 * The traced supply chain of the scale data set, built from the vehicles down. Each group of vehicles of
 * an automaker's model is built from one received lot of every part it buys (one picking each; the
 * vehicles' completion lines name the pickings; the tracked key part is fitted per VIN). A part lot is a
 * tier-1 supplier's lot made for that delivery: its completion names the pickings of the components it
 * consumed, each from a lot the supplier received from a tier-2 maker, and so on: tier 2 consumes minerals
 * received from a trader (who resells a mine's lot under its own code) or from a mine, and a mine's
 * concentrate lot is made of a picking of an ore lot from one of its sites. Received lots serve several
 * pickings and mine and trader lots are split among several clients, so a mine lot reaches many vehicles.
 *
 * Quantities and dates are settled afterwards, tier by tier from the vehicles down (a lot is received a few
 * days before its first picking, made a few days before its first delivery ...), then batch and document
 * numbers follow the dates. All draws come from streams of the seed, so the same seed gives the same chain.
 */

/** Where a lot sits in the chain; lots are settled in this order (a lot's users come before it). */
export const LEVEL = {
  autoReceived: 0,
  tier1Made: 1,
  tier1Received: 2,
  tier2Made: 3,
  tier2Received: 4,
  traded: 5,
  mineMade: 6,
  ore: 7,
} as const;
type Level = (typeof LEVEL)[keyof typeof LEVEL];

export interface Lot {
  id: number;
  ent: number;
  cat: string;
  /** The enterprise's own code of the goods. */
  item: string;
  level: Level;
  /** Quantity in hundredths of the unit. */
  qty: number;
  /** Receipt, completion or mining day (days after BASE_DAY). */
  day: number;
  batch: string;
  from: Shipment | null;
  made: Production | null;
  out: Shipment[];
  picks: Pick[];
  /** How many more users an open lot takes. */
  uses: number;
  site: MineSite | null;
  /** Stock lots (received, not yet used): their receipt day. */
  stockDay: number | null;
  /** Ore lots: the number of their mine information row (E2). */
  billNo: string;
}

export interface Pick {
  id: number;
  ent: number;
  lot: Lot;
  qty: number;
  day: number;
  billNo: string;
  /** Input units per unit of the production's output (vehicle builds: the lot is picked whole). */
  ratio: number;
}

export interface Production {
  id: number;
  ent: number;
  out: Lot;
  picks: Pick[];
  day: number;
  billNo: string;
}

/** One delivery of a shipment and its receipt (a lot may travel in several). */
export interface ShipmentPart {
  qty: number;
  deliveryDay: number;
  receiptDay: number;
  deliveryNo: string;
  receiptNo: string;
}

/** A lot delivered by a supplier to a client, in one or more parts. */
export interface Shipment {
  id: number;
  supplier: number;
  client: number;
  cat: string;
  fromLot: Lot;
  toLot: Lot;
  qty: number;
  /** Unit price in cents. */
  price: number;
  /** The first part's delivery and the last part's receipt. */
  deliveryDay: number;
  receiptDay: number;
  parts: ShipmentPart[];
  steel: boolean;
}

/** A group of vehicles of one model built together from the same part lots. */
export interface Build {
  id: number;
  auto: number;
  model: PlanModel;
  /** Global index of its first VIN. */
  firstVin: number;
  vins: string[];
  day: number;
  lots: Lot[];
  picks: Pick[];
  /** The lot of the key part fitted per VIN (B1-1), and of the tracked non-key part (C1-1). */
  keyLot: Lot | null;
  nonKeyLot: Lot | null;
  completionNo: string;
  fitNo: string;
}

export interface Chain {
  lots: Lot[];
  shipments: Shipment[];
  picks: Pick[];
  productions: Production[];
  builds: Build[];
  /** Per VIN (global index): its sale day and A1-1 number. */
  vinSale: { day: number; billNo: string; dealer: number }[];
}

export interface ChainParams {
  /** Vehicles per build group. */
  groupSize: number;
  /** Part lots received into stock beyond the builds' (to reach large document counts with few VINs). */
  stockLots: number;
}

/** The vehicles' days: builds spread over this window. */
export const FIRST_BUILD_DAY = 150;
export const BUILD_SPAN = 330;
/** Day 0 is 2024-01-01 (China time). */
export const BASE_TIME = Date.UTC(2024, 0, 1) - 8 * 3_600_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** yyMM and yyMMdd of a day. */
export function dayStamp(day: number): { yymm: string; yymmdd: string; year: number } {
  const d = new Date(BASE_TIME + 8 * 3_600_000 + day * 86_400_000);
  const yy = pad(d.getUTCFullYear() % 100, 2);
  const mm = pad(d.getUTCMonth() + 1, 2);
  return { yymm: `${yy}${mm}`, yymmdd: `${yy}${mm}${pad(d.getUTCDate(), 2)}`, year: d.getUTCFullYear() };
}

/** A quantity (hundredths) rounded up to the goods' grain: whole units, or hundredths (ore is in tonnes). */
const grain = (cat: string, hundredths: number) =>
  !cat.startsWith('ORE-') && categoryOf(cat).whole
    ? Math.max(100, Math.ceil(hundredths / 100) * 100)
    : Math.max(1, Math.ceil(hundredths));

/** The key part fitted per VIN (a traction battery when it is made on the platform). */
const KEY_ORDER = ['PACK', 'MOTOR', 'INVERTER'];
const NON_KEY_ORDER = ['SEAT', 'HARNESS', 'BODY', 'THERMAL', 'BRAKE'];

export const itemOf = (e: PlanEnterprise, cat: string) => `${e.code}-${cat}`;
export const oreItemOf = (e: PlanEnterprise, mineral: string) => `${e.code}-ORE-${mineral}`;

export function buildChain(
  seed: number,
  ents: readonly PlanEnterprise[],
  models: readonly PlanModel[],
  params: ChainParams,
): Chain {
  const rng = rngOf(seed, `chain:${params.groupSize}:${params.stockLots}`);
  const lots: Lot[] = [];
  const shipments: Shipment[] = [];
  const picks: Pick[] = [];
  const productions: Production[] = [];
  const builds: Build[] = [];
  const open = new Map<string, Lot>();

  const newLot = (ent: number, cat: string, item: string, level: Level): Lot => {
    const lot: Lot = {
      id: lots.length,
      ent,
      cat,
      item,
      level,
      qty: 0,
      day: 0,
      batch: '',
      from: null,
      made: null,
      out: [],
      picks: [],
      uses: 0,
      site: null,
      stockDay: null,
      billNo: '',
    };
    lots.push(lot);
    return lot;
  };
  const pickOf = (ent: number, lot: Lot, ratio: number): Pick => {
    const p: Pick = { id: picks.length, ent, lot, qty: 0, day: 0, billNo: '', ratio };
    picks.push(p);
    lot.picks.push(p);
    return p;
  };
  const produce = (ent: number, out: Lot): Production => {
    const p: Production = { id: productions.length, ent, out, picks: [], day: 0, billNo: '' };
    productions.push(p);
    out.made = p;
    return p;
  };
  // A supplier keeps its prices with a client: the category's price within +-10%, then +-2% per lot.
  const priceOf = (supplier: number, client: number, cat: string) => {
    const base =
      categoryOf(cat).price * (0.9 + 0.2 * (hash32(`${seed}:${supplier}:${client}:${cat}`) / 2 ** 32));
    return Math.max(1, Math.round(base * (0.98 + 0.04 * rng.next()) * 100));
  };
  const ship = (supplier: number, client: number, cat: string, fromLot: Lot, toLot: Lot): Shipment => {
    const s: Shipment = {
      id: shipments.length,
      supplier,
      client,
      cat,
      fromLot,
      toLot,
      qty: 0,
      price: priceOf(supplier, client, cat),
      deliveryDay: 0,
      receiptDay: 0,
      parts: [],
      steel: categoryOf(cat).steel === true,
    };
    shipments.push(s);
    fromLot.out.push(s);
    toLot.from = s;
    return s;
  };
  // The main supplier gets most orders.
  const supplierOf = (client: PlanEnterprise, cat: string): PlanEnterprise => {
    const list = client.suppliers.get(cat);
    if (!list?.length) throw new Error(`${client.code} has no supplier of ${cat}`);
    return ents[list[rng.weighted(list.map((_, i) => [6, 3, 1][i] ?? 1))]!]!;
  };
  /** The open lot of a key with uses left, or a new one from `make` taking `uses` users. */
  const openLot = (key: string, uses: () => number, make: () => Lot): Lot => {
    const current = open.get(key);
    if (current && current.uses > 0) {
      current.uses--;
      return current;
    }
    const lot = make();
    lot.uses = uses() - 1;
    open.set(key, lot);
    return lot;
  };

  const oreLot = (mine: PlanEnterprise, mineral: string) =>
    openLot(
      `ore:${mine.index}:${mineral}`,
      () => rng.int(2, 5),
      () => {
        const lot = newLot(mine.index, `ORE-${mineral}`, oreItemOf(mine, mineral), LEVEL.ore);
        const sites = MINE_SITES[mineral]!;
        // A mine works one to three sites of its mineral.
        lot.site = sites[(hash32(`${seed}:${mine.code}`) + rng.int(0, 2)) % sites.length]!;
        return lot;
      },
    );
  const concentrateLot = (mine: PlanEnterprise, mineral: string) =>
    openLot(
      `conc:${mine.index}:${mineral}`,
      () => rng.int(2, 4),
      () => {
        const lot = newLot(mine.index, mineral, itemOf(mine, mineral), LEVEL.mineMade);
        const p = produce(mine.index, lot);
        p.picks.push(pickOf(mine.index, oreLot(mine, mineral), ORE_RATIO[mineral]!));
        return lot;
      },
    );
  const receiveMineral = (client: PlanEnterprise, mineral: string, level: Level): Lot => {
    const supplier = supplierOf(client, mineral);
    const received = newLot(client.index, mineral, itemOf(client, mineral), level);
    const source =
      supplier.tier === 'trader' ? tradedLot(supplier, mineral) : concentrateLot(supplier, mineral);
    ship(supplier.index, client.index, mineral, source, received);
    return received;
  };
  function tradedLot(trader: PlanEnterprise, mineral: string): Lot {
    return openLot(
      `traded:${trader.index}:${mineral}`,
      () => rng.int(1, 3),
      () => receiveMineral(trader, mineral, LEVEL.traded),
    );
  }
  /** A lot made by a tier-1 or tier-2 maker for one delivery, with the pickings of its inputs. */
  const madeLot = (maker: PlanEnterprise, cat: string, level: Level): Lot => {
    const lot = newLot(maker.index, cat, itemOf(maker, cat), level);
    const p = produce(maker.index, lot);
    for (const input of maker.inputsOf.get(cat) ?? []) {
      const source =
        level === LEVEL.tier1Made
          ? openLot(
              `recv:${maker.index}:${input}`,
              () => rng.int(2, 4),
              () => receiveComponent(maker, input),
            )
          : openLot(
              `recv:${maker.index}:${input}`,
              () => rng.int(2, 5),
              () => receiveMineral(maker, input, LEVEL.tier2Received),
            );
      p.picks.push(pickOf(maker.index, source, categoryOf(cat).inputs[input] ?? 1));
    }
    return lot;
  };
  const receiveComponent = (tier1: PlanEnterprise, component: string): Lot => {
    const supplier = supplierOf(tier1, component);
    const made = madeLot(supplier, component, LEVEL.tier2Made);
    const received = newLot(tier1.index, component, itemOf(tier1, component), LEVEL.tier1Received);
    ship(supplier.index, tier1.index, component, made, received);
    return received;
  };
  /** A part lot an automaker receives: made for it by one of its suppliers of the part. */
  const partLot = (auto: PlanEnterprise, cat: string, units: number): Lot => {
    const supplier = supplierOf(auto, cat);
    const made = madeLot(supplier, cat, LEVEL.tier1Made);
    const received = newLot(auto.index, cat, itemOf(auto, cat), LEVEL.autoReceived);
    received.qty = units * 100;
    ship(supplier.index, auto.index, cat, made, received);
    return received;
  };

  // ---- the vehicles, in build order ----
  type Draft = { model: PlanModel; size: number; day: number };
  const drafts: Draft[] = [];
  for (const m of models) {
    for (let done = 0; done < m.vins; done += params.groupSize) {
      const size = Math.min(params.groupSize, m.vins - done);
      drafts.push({ model: m, size, day: FIRST_BUILD_DAY + Math.floor((done / m.vins) * BUILD_SPAN) });
    }
  }
  drafts.sort((a, b) => a.day - b.day || a.model.auto - b.model.auto || a.model.index - b.model.index);
  const serials = new Map<number, number>();
  let firstVin = 0;
  const autoOrder = [...new Set(models.map((m) => m.auto))];
  for (const d of drafts) {
    const auto = ents[d.model.auto]!;
    const cats = [...auto.suppliers.keys()];
    const lotsOfBuild = cats.map((cat) => partLot(auto, cat, d.size));
    const wmi = wmiOf(autoOrder.indexOf(auto.index));
    const vins: string[] = [];
    for (let i = 0; i < d.size; i++) {
      const serial = (serials.get(auto.index) ?? 0) + 1;
      serials.set(auto.index, serial);
      vins.push(vinOf(wmi, d.model.vds, dayStamp(d.day).year, 'A', serial));
    }
    const build: Build = {
      id: builds.length,
      auto: auto.index,
      model: d.model,
      firstVin,
      vins,
      day: d.day,
      lots: lotsOfBuild,
      picks: lotsOfBuild.map((lot) => pickOf(auto.index, lot, 1)),
      keyLot: lotsOfBuild[cats.indexOf(KEY_ORDER.find((k) => cats.includes(k)) ?? '')] ?? null,
      nonKeyLot: lotsOfBuild[cats.indexOf(NON_KEY_ORDER.find((k) => cats.includes(k)) ?? '')] ?? null,
      completionNo: '',
      fitNo: '',
    };
    builds.push(build);
    firstVin += d.size;
  }
  // Stock lots: parts received beyond the tracked builds, spread over the automakers and the year.
  const autos = autoOrder.map((i) => ents[i]!);
  for (let k = 0; k < params.stockLots && autos.length > 0; k++) {
    const auto = autos[k % autos.length]!;
    const cats = [...auto.suppliers.keys()];
    const lot = partLot(
      auto,
      cats[Math.floor(k / autos.length) % cats.length]!,
      Math.max(1, params.groupSize),
    );
    lot.stockDay = FIRST_BUILD_DAY + Math.floor(((k + 0.5) / params.stockLots) * BUILD_SPAN);
  }

  settle(seed, lots, builds);
  const vinSale = numberChain(seed, ents, lots, shipments, picks, productions, builds);
  return { lots, shipments, picks, productions, builds, vinSale };
}

/** Quantities and dates, level by level from the vehicles down. */
function settle(seed: number, lots: Lot[], builds: Build[]): void {
  const rng = rngOf(seed, 'settle');
  for (const b of builds) {
    for (const p of b.picks) {
      p.qty = p.lot.qty;
      p.day = b.day - rng.int(0, 1);
    }
  }
  const byLevel: Lot[][] = Array.from({ length: 8 }, () => []);
  for (const lot of lots) byLevel[lot.level]!.push(lot);
  const minOf = (days: number[]) => Math.min(...days);
  /** The shipment that brought the lot: its parts, the last received on the lot's day. */
  const inbound = (lot: Lot, transit: () => number, maxParts: number) => {
    const s = lot.from!;
    s.qty = lot.qty;
    s.receiptDay = lot.day;
    const unit = !lot.cat.startsWith('ORE-') && categoryOf(lot.cat).whole ? 100 : 1;
    const k = Math.max(1, Math.min(rng.int(1, maxParts), Math.floor(lot.qty / unit)));
    const units = lot.qty / unit;
    let receipt = lot.day;
    const parts: ShipmentPart[] = [];
    for (let j = k - 1; j >= 0; j--) {
      const qty = (Math.floor(units / k) + (j < units % k ? 1 : 0)) * unit;
      parts.unshift({
        qty,
        receiptDay: receipt,
        deliveryDay: receipt - transit(),
        deliveryNo: '',
        receiptNo: '',
      });
      receipt -= rng.int(1, 3);
    }
    s.parts = parts;
    s.deliveryDay = Math.min(...parts.map((p) => p.deliveryDay));
  };
  const made = (lot: Lot, lead: () => number) => {
    lot.qty = lot.out.reduce((sum, s) => sum + s.qty, 0);
    lot.day = minOf(lot.out.map((s) => s.deliveryDay)) - lead();
    const p = lot.made!;
    p.day = lot.day;
    const pickDay = lot.day - rng.int(0, 1);
    for (const pick of p.picks) {
      pick.qty = grain(pick.lot.cat, lot.qty * pick.ratio);
      pick.day = pickDay;
    }
  };
  const received = (lot: Lot, spare: number) => {
    const used = lot.picks.reduce((sum, p) => sum + p.qty, 0);
    lot.qty = grain(lot.cat, used * (1 + rng.next() * spare));
    lot.day = minOf(lot.picks.map((p) => p.day)) - rng.int(1, 5);
  };
  for (const lot of byLevel[LEVEL.autoReceived]!) {
    lot.day = lot.stockDay ?? minOf(lot.picks.map((p) => p.day)) - rng.int(1, 4);
    inbound(lot, () => rng.int(0, 2), 4);
  }
  for (const lot of byLevel[LEVEL.tier1Made]!) made(lot, () => rng.int(1, 3));
  for (const lot of byLevel[LEVEL.tier1Received]!) {
    received(lot, 0.06);
    inbound(lot, () => rng.int(0, 3), 3);
  }
  for (const lot of byLevel[LEVEL.tier2Made]!) made(lot, () => rng.int(1, 4));
  for (const lot of byLevel[LEVEL.tier2Received]!) {
    received(lot, 0.08);
    inbound(lot, () => rng.int(2, 12), 2);
  }
  for (const lot of byLevel[LEVEL.traded]!) {
    lot.qty = lot.out.reduce((sum, s) => sum + s.qty, 0);
    lot.day = minOf(lot.out.map((s) => s.deliveryDay)) - rng.int(1, 6);
    inbound(lot, () => rng.int(3, 20), 2);
  }
  for (const lot of byLevel[LEVEL.mineMade]!) made(lot, () => rng.int(1, 4));
  for (const lot of byLevel[LEVEL.ore]!) {
    lot.qty = grain(lot.cat, lot.picks.reduce((sum, p) => sum + p.qty, 0) * (1 + rng.next() * 0.1));
    lot.day = minOf(lot.picks.map((p) => p.day)) - rng.int(1, 10);
  }
}

/** Document number prefixes of the chain's documents. */
export const CHAIN_PREFIX = {
  receipt: 'RK',
  steelReceipt: 'GR',
  delivery: 'XS',
  steelDelivery: 'GC',
  picking: 'LL',
  completion: 'WG',
  vehicleCompletion: 'ZC',
  fit: 'ZP',
  vehicleSale: 'CX',
  mine: 'KS',
} as const;

/** A number `<prefix>-<enterprise code>-<yyMM>-<sequence>`, the sequence in date order per prefix. */
export class Numbering {
  private readonly pending = new Map<string, { day: number; key: number; set: (no: string) => void }[]>();

  constructor(private readonly ents: readonly PlanEnterprise[]) {}

  add(ent: number, prefix: string, day: number, key: number, set: (no: string) => void): void {
    const k = `${ent}:${prefix}`;
    let list = this.pending.get(k);
    if (!list) this.pending.set(k, (list = []));
    list.push({ day, key, set });
  }

  assign(): void {
    for (const [k, list] of this.pending) {
      const [ent, prefix] = k.split(':') as [string, string];
      const code = this.ents[Number(ent)]!.code;
      list.sort((a, b) => a.day - b.day || a.key - b.key);
      list.forEach((item, i) => item.set(`${prefix}-${code}-${dayStamp(item.day).yymm}-${pad(i + 1, 5)}`));
    }
    this.pending.clear();
  }
}

/** Batch numbers (maker code, date, sequence) and document numbers, in date order; the vehicles' sales. */
function numberChain(
  seed: number,
  ents: readonly PlanEnterprise[],
  lots: Lot[],
  shipments: Shipment[],
  picks: Pick[],
  productions: Production[],
  builds: Build[],
): Chain['vinSale'] {
  const ownBatch = lots.filter((l) => l.made !== null || l.level === LEVEL.ore);
  ownBatch.sort((a, b) => a.ent - b.ent || a.day - b.day || a.id - b.id);
  let last = '';
  let seq = 0;
  for (const lot of ownBatch) {
    const stamp = `${ents[lot.ent]!.code}${lot.level === LEVEL.ore ? '-ORE' : ''}-${dayStamp(lot.day).yymmdd}`;
    seq = stamp === last ? seq + 1 : 1;
    last = stamp;
    lot.batch = `${stamp}-${pad(seq, 2)}`;
  }
  // A received lot keeps its supplier's batch number (traders resell mines' lots as they are).
  for (const level of [LEVEL.traded, LEVEL.tier2Received, LEVEL.tier1Received, LEVEL.autoReceived]) {
    for (const lot of lots) if (lot.level === level) lot.batch = lot.from!.fromLot.batch;
  }

  const n = new Numbering(ents);
  const P = CHAIN_PREFIX;
  for (const s of shipments) {
    for (const [j, part] of s.parts.entries()) {
      const key = s.id * 8 + j;
      n.add(
        s.supplier,
        s.steel ? P.steelDelivery : P.delivery,
        part.deliveryDay,
        key,
        (no) => (part.deliveryNo = no),
      );
      n.add(
        s.client,
        s.steel ? P.steelReceipt : P.receipt,
        part.receiptDay,
        key,
        (no) => (part.receiptNo = no),
      );
    }
  }
  for (const p of picks) n.add(p.ent, P.picking, p.day, p.id, (no) => (p.billNo = no));
  for (const p of productions) n.add(p.ent, P.completion, p.day, p.id, (no) => (p.billNo = no));
  for (const b of builds) {
    n.add(b.auto, P.vehicleCompletion, b.day, b.id, (no) => (b.completionNo = no));
    n.add(b.auto, P.fit, b.day, b.id, (no) => (b.fitNo = no));
  }
  const vinSale: Chain['vinSale'] = [];
  for (const b of builds) {
    b.vins.forEach((vin, i) => {
      const h = hash32(`${seed}:${vin}`);
      const sale = { day: b.day + 3 + (h % 40), billNo: '', dealer: h >>> 8 };
      vinSale[b.firstVin + i] = sale;
      n.add(b.auto, P.vehicleSale, sale.day, b.firstVin + i, (no) => (sale.billNo = no));
    });
  }
  for (const lot of lots) {
    if (lot.level === LEVEL.ore) n.add(lot.ent, P.mine, lot.day, lot.id, (no) => (lot.billNo = no));
  }
  n.assign();
  return vinSale;
}

/** Where a lot's goods come from: the site of the first ore lot up its chain. */
export function originSite(lot: Lot): MineSite | null {
  let at: Lot | undefined = lot;
  for (let guard = 0; at && guard < 16; guard++) {
    if (at.site) return at.site;
    at = at.from ? at.from.fromLot : at.made?.picks[0]?.lot;
  }
  return null;
}
