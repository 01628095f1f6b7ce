import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import type { AnyJobKind } from './kind';
import type { StoreReadBacks } from './record-finished';
import type { UnitReadBack } from './run-unit';

export interface JobRunnerOptions {
  db: Kysely<ConsoleDatabase>;
  kinds: readonly AnyJobKind[];
  upstream: UpstreamClient;
  /** A kind's own signing client, by kind name (the mirror's passes take their turn at the rate gate after jobs). */
  upstreamOf?: Readonly<Record<string, UpstreamClient>>;
  /** This instance's name on the leases it holds; unique per process. */
  owner?: string;
  /** Units run at once by this instance (the upstream client has its own limit on requests). */
  concurrency?: number;
  /** How long a claim holds without renewal; renewed every third of it while the unit runs. */
  leaseMs?: number;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** Finished units are recorded in batches: at most this long after finishing... */
  flushMs?: number;
  /** ...or as soon as this many are waiting. */
  flushMax?: number;
  log?: (message: string, error?: unknown) => void;
  /**
   * Calls back when another instance hands units back (store.UNITS_RELEASED_CHANNEL); resolves to a function
   * that stops listening. The runner then claims them at once, even with its own queue full.
   */
  watchReleases?: (onRelease: () => void) => Promise<() => Promise<void>>;
  /** The mirror's write-through (run-unit.ts): given where the mirror is on; reads back what a unit wrote. */
  readBack?: UnitReadBack;
  /** Stores what readBack read, in the transaction that records the units (the mirror's write-through). */
  storeReadBacks?: StoreReadBacks;
}
