import 'server-only';

/**
 * What of the relay's traffic is a row and what is a count (issue 61). Anyone who can reach the console's port can
 * send /v1 calls, so what a stranger can cause is counted, never stored one row per call:
 * - a call refused as a whole (CALL_LEVEL_STATUS: unsigned, a wrong signature, an unknown client, a replay, rate
 *   limited, too large) adds one to its (client id, minute, status) count;
 * - of a client's other calls in a minute, those carrying an item that did not apply are always stored (they are the
 *   rows a steward fixes), and the rest (applied, refused as a batch, unknown outcome) are stored up to the cap
 *   (SYNC_LOG_CALLS_PER_MINUTE) and counted beyond it; a counted applied call still closes the open rejections of
 *   the records it applied.
 * Client ids are the header as sent, so a flood may vary them: past a minute's first CLIENTS_PER_MINUTE ids, the
 * rest share one count (and one cap) under OTHER_CLIENTS.
 */

export const CLIENTS_PER_MINUTE = 20;
export const OTHER_CLIENTS = '*';
/** A client id is kept to this many characters in a count (real ones are short; a header may be kilobytes). */
const CLIENT_ID_CHARS = 64;

export type CountReason = 'refused' | 'over_cap';

export interface CallCount {
  clientId: string;
  minute: Date;
  /** The answer's status; 0: no answer. */
  status: number;
  reason: CountReason;
  calls: number;
}

export const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
export const countedClientId = (clientId: string) => clientId.slice(0, CLIENT_ID_CHARS);

/**
 * The client ids of each minute, up to CLIENTS_PER_MINUTE: `fold` gives a client id itself while its minute has
 * room for it (or already holds it), else OTHER_CLIENTS. Seeded with what the database's minute already holds.
 */
export function clientFolder(held: Iterable<{ minute: Date; clientId: string }> = []) {
  const byMinute = new Map<number, Set<string>>();
  const ids = (minute: Date) => {
    let set = byMinute.get(minute.getTime());
    if (!set) byMinute.set(minute.getTime(), (set = new Set()));
    return set;
  };
  for (const { minute, clientId } of held) ids(minute).add(clientId);
  return {
    fold(minute: Date, clientId: string): string {
      const set = ids(minute);
      const id = countedClientId(clientId);
      if (set.has(id)) return id;
      // OTHER_CLIENTS itself takes no room: a minute holds at most CLIENTS_PER_MINUTE ids besides it.
      if ([...set].filter((c) => c !== OTHER_CLIENTS).length >= CLIENTS_PER_MINUTE) return OTHER_CLIENTS;
      set.add(id);
      return id;
    },
  };
}

/** Counts gathered until the next flush, one entry per (client id, minute, status, reason). */
export function createTally() {
  let counts = new Map<string, CallCount>();
  let folder = clientFolder();
  return {
    add(clientId: string, at: Date, status: number, reason: CountReason, calls = 1): void {
      const minute = minuteOf(at);
      const id = folder.fold(minute, clientId);
      const key = JSON.stringify([id, minute.getTime(), status, reason]);
      const count = counts.get(key);
      if (count) count.calls += calls;
      else counts.set(key, { clientId: id, minute, status, reason, calls });
    },
    /** The counts so far, emptying the tally. */
    take(): CallCount[] {
      const taken = [...counts.values()];
      counts = new Map();
      folder = clientFolder();
      return taken;
    },
    get size() {
      return counts.size;
    },
  };
}
