import { charLength } from '../../lib/contract';
import type { SeedFile } from '../../lib/contract';

/** Pieces shared by the demo seed's tenants (generate-demo.ts). */
export const DEMO_PASSWORD = 'demo-password';

export type Tenant = SeedFile['tenants'][number];
export type Sku = Tenant['skus'][number];

/** mulberry32: tiny, well-known, good enough for demo data; the point is determinism, not quality. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, chance, shuffle };
}

export type Rng = ReturnType<typeof prng>;

export const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** EAN-13 with a GS1 Taiwan prefix (471) and a correct check digit, so barcode scanners accept it. */
export function ean13(body9: number): string {
  const digits = `471${pad(body9, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

/** The first candidate that fits `max` characters; candidates go from richest to plainest. */
export function fit(max: number, ...candidates: string[]): string {
  for (const c of candidates) if (charLength(c) <= max) return c;
  return [...(candidates.at(-1) ?? '')].slice(0, max).join('');
}

// ---------------------------------------------------------------- formosa: reference data

export interface Counters {
  role: number;
  user: number;
  category: number;
  company: number;
  product: number;
  sku: number;
}
