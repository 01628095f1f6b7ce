import { afterEach, describe, expect, it } from 'vitest';
import { isIsoWithZone } from '@/lib/contract/fields';
import { isoToLocalInput, localInputToIso, offsetFor } from './zoned-date-time';

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('localInputToIso', () => {
  it('always sends the zone offset of the person picking', () => {
    process.env.TZ = 'Asia/Taipei';
    const iso = localInputToIso('2026-11-22T09:30');
    expect(iso).toBe('2026-11-22T09:30:00+08:00');
    expect(isIsoWithZone(iso!)).toBe(true);
    expect(new Date(iso!).toISOString()).toBe('2026-11-22T01:30:00.000Z');
  });

  it('uses the offset in force on that date (daylight saving)', () => {
    process.env.TZ = 'America/New_York';
    expect(localInputToIso('2026-07-01T12:00')).toBe('2026-07-01T12:00:00-04:00');
    expect(localInputToIso('2026-12-01T12:00')).toBe('2026-12-01T12:00:00-05:00');
  });

  it('handles zones with a half-hour offset and rejects non-values', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(localInputToIso('2026-01-01T00:00')).toBe('2026-01-01T00:00:00+05:30');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('yesterday')).toBeNull();
  });
});

describe('isoToLocalInput', () => {
  it('shows an instant in the local zone, whatever zone the link was made in', () => {
    process.env.TZ = 'Asia/Taipei';
    expect(isoToLocalInput('2026-11-22T01:30:00Z')).toBe('2026-11-22T09:30:00');
    expect(isoToLocalInput('2026-11-22T09:30:00+08:00')).toBe('2026-11-22T09:30:00');
    expect(offsetFor(new Date())).toBe('+08:00');
  });

  it('keeps the seconds from the URL, so the box sends back the same instant', () => {
    process.env.TZ = 'Asia/Taipei';
    const local = isoToLocalInput('2026-11-22T09:30:45+08:00');
    expect(local).toBe('2026-11-22T09:30:45');
    expect(localInputToIso(local)).toBe('2026-11-22T09:30:45+08:00');
  });
});
