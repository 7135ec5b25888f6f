// The seeded randomness of the scale data set: every choice of the generator draws from a stream named by
// its purpose, so that the same seed gives the same data and a change in one part (another stream) leaves
// the draws of the others as they were. sfc32 (Chris Doty-Humphrey's small fast chaotic generator) seeded
// by cyrb128 of "<seed>:<purpose>": tiny, fast, and good enough for test data (not for anything secret).

/** A stream of seeded draws. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An index drawn by the weights (non-negative, not all zero). */
  weighted(weights: readonly number[]): number;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

/** cyrb128: four 32-bit words from a string. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A 32-bit hash of a text (cyrb128's first word), for choices that need no stream. */
export const hash32 = (text: string): number => cyrb128(text)[0];

/** The stream of one purpose under a seed. */
export function rngOf(seed: number, purpose: string): Rng {
  let [a, b, c, d] = cyrb128(`${seed}:${purpose}`);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first draws of sfc32 still show the seed's structure.
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (weights) => {
      const total = weights.reduce((s, w) => s + w, 0);
      let at = next() * total;
      for (const [i, w] of weights.entries()) {
        at -= w;
        if (at < 0) return i;
      }
      return weights.length - 1;
    },
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}
