/** A source of numbers in [0, 1): a seeded PRNG makes demo data the same on every run of one seed. */
export type Random = () => number;

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data and the same on every run of one seed. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from `min` to `max`, both included. */
export const randomInt = (rng: Random, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** One of `items`. */
export const pickOne = <T>(rng: Random, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** A version-4-shaped UUID drawn from the PRNG, so ids are stable across runs of one seed. */
export function seededUuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(rng() * 4)).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
