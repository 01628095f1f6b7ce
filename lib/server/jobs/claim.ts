import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { AnyJobKind } from './kind';
import { renewPlanning } from './planning';
import { claimUnits, renewUnits, type ClaimedUnit } from './units';

/**
 * One claim step of a runner: up to `want` units of the kinds without a bound, in one query, and for each kind
 * with a bound (`perRunner`) as many as it has room for besides the ones this runner holds, in a query of its
 * own. A bounded kind's units are never claimed past its bound, so the ones this runner cannot start now stay
 * pending for another instance instead of waiting here under its lease.
 */
export async function claimStep(
  db: Kysely<ConsoleDatabase>,
  how: {
    owner: string;
    leaseMs: number;
    kinds: readonly AnyJobKind[];
    want: number;
    /** Whether to look for the bounded kinds' units in this step too. */
    bounded: boolean;
    /** How many units of a kind this runner holds now (queued or running). */
    held: (kind: string) => number;
  },
): Promise<ClaimedUnit[]> {
  const open = how.kinds.filter((k) => k.perRunner === undefined).map((k) => k.name);
  const claimed = how.want > 0 ? await claimUnits(db, how.owner, how.want, how.leaseMs, open) : [];
  for (const kind of how.kinds) {
    if (kind.perRunner === undefined || !how.bounded) continue;
    const room = kind.perRunner - how.held(kind.name);
    if (room > 0) claimed.push(...(await claimUnits(db, how.owner, room, how.leaseMs, [kind.name])));
  }
  return claimed;
}

/** Keeps what a runner holds, every third of the lease: its units' leases, and its planning lease if it plans. */
export async function renewHeld(
  db: Kysely<ConsoleDatabase>,
  owner: string,
  held: { units: readonly string[]; planningJobId?: string },
  leaseMs: number,
): Promise<void> {
  await renewUnits(db, owner, held.units, leaseMs);
  if (held.planningJobId) await renewPlanning(db, held.planningJobId, owner, leaseMs);
}
