import 'server-only';
import { sql, type Kysely } from 'kysely';
import { STALE_INTERVALS, type LiveReason, type MirrorFreshness } from '@/lib/contract/console/list-read';
import type { ConsoleDatabase } from '../../db';
import { isApiError } from '../../upstream';
import type { MirrorEntityName } from './entities';

/** Begins the error a pass leaves on its state when the service did not answer (a banner says so). */
const AWAY = 'service unreachable: ';

/** The error a failed pass leaves on its entity's state; a service that did not answer (or answered 5xx) is marked away. */
export function passErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const away = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.isServerError);
  return away ? `${AWAY}${message}` : message;
}

export type MirrorReadiness =
  { usable: true; freshness: MirrorFreshness } | { usable: false; reason: Extract<LiveReason, 'pending'> };

/**
 * Whether a list can be read from the mirror, and how fresh it is: usable once the first copy of the entity
 * (for the tenant the console now talks to) is complete. Fresh is measured from the last COMPLETE pass (when it
 * began), not the last attempt: a pass that keeps failing leaves the time where the copy really stands.
 */
export async function mirrorReadiness(
  db: Kysely<ConsoleDatabase>,
  entity: MirrorEntityName,
  options: { tenant: string; intervalMs: number; now?: number },
): Promise<MirrorReadiness> {
  const { rows } = await sql<{
    tenant: string | null;
    watermark: Date | null;
    last_pass_at: Date | string | null;
    pass: { mode?: string } | null;
    last_error: string | null;
  }>`
    select tenant, watermark, last_pass_at, pass, last_error from mirror_state where entity = ${entity}`.execute(db);
  const row = rows[0];
  if (
    !row ||
    row.tenant !== options.tenant ||
    row.watermark === null ||
    row.last_pass_at === null ||
    row.pass?.mode === 'initial'
  ) {
    return { usable: false, reason: 'pending' };
  }
  const asOf = new Date(row.last_pass_at);
  const away = row.last_error?.startsWith(AWAY) ?? false;
  const late = (options.now ?? Date.now()) - asOf.getTime() > STALE_INTERVALS * options.intervalMs;
  return {
    usable: true,
    freshness: {
      asOf: asOf.toISOString(),
      stale: away || late,
      away,
      intervalS: Math.round(options.intervalMs / 1000),
    },
  };
}
