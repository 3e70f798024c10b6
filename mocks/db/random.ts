import { Faker, base, en } from '@faker-js/faker';

/** Every date of the seed is relative to this instant, so the data never depends on the clock. */
export const REF_DATE = '2026-01-15T00:00:00Z';
export const REF_MS = Date.parse(REF_DATE);
export const DAY_MS = 86_400_000;

/** A faker of its own per domain: adding data to one domain does not shift the values of another. */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  faker.setDefaultRefDate(REF_DATE);
  return faker;
}

export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** log-uniform in [min, max]: many small values, a few large ones */
  logUniform(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** one element, each as likely as its `weight` */
  pickWeighted<T extends { weight: number }>(list: readonly T[]): T;
  /** up to `count` distinct elements, in drawing order */
  sample<T>(list: readonly T[], count: number): T[];
  uuid(): string;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * mulberry32, a tiny fast PRNG. Faker is too slow to draw 100,000 assets, so each asset gets one of
 * these, seeded from its id: an asset is the same whatever the number of assets around it.
 * A class, not closures: one is built per asset, and prototype methods cost nothing to build.
 */
class Mulberry32 implements Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[this.int(0, list.length - 1)] as T;
  }

  pickWeighted<T extends { weight: number }>(list: readonly T[]): T {
    let left = this.next() * list.reduce((sum, item) => sum + item.weight, 0);
    for (const item of list) {
      left -= item.weight;
      if (left < 0) return item;
    }
    return this.pick(list);
  }

  sample<T>(list: readonly T[], count: number): T[] {
    const pool = [...list];
    const picked: T[] = [];
    while (picked.length < count && pool.length > 0) {
      picked.push(pool.splice(this.int(0, pool.length - 1), 1)[0] as T);
    }
    return picked;
  }

  uuid(): string {
    const a = this.hex8();
    const b = this.hex8();
    const c = this.hex8();
    // version-4 layout, so it looks like what the real server issues
    return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[this.int(0, 3)]}${c.slice(1, 4)}-${c.slice(4)}${this.hex8()}`;
  }

  private hex8(): string {
    const word = Math.floor(this.next() * 4_294_967_296);
    return `${HEX_BYTES[word >>> 24]}${HEX_BYTES[(word >>> 16) & 255]}${HEX_BYTES[(word >>> 8) & 255]}${HEX_BYTES[word & 255]}`;
  }
}

export function createRandom(seed: number): Random {
  return new Mulberry32(seed);
}

/** Mixes a domain seed and an index into one PRNG seed, so neighbouring indexes look unrelated. */
export function mixSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
}

export function isoDaysBefore(days: number): string {
  return new Date(REF_MS - days * DAY_MS).toISOString();
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
