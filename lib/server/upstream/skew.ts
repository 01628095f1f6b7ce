import 'server-only';

/**
 * Clock skew between this server and the upstream. The upstream accepts X-Timestamp within ±300 s of its own
 * clock, so a drifting host clock breaks every request with a bare 401. The upstream's Date header tells us
 * its clock; when a 401 arrives and our (adjusted) clock is more than 240 s off, the client adopts the
 * observed offset and retries once. The status page reads the last observation and the adopted offset.
 */

/** Adopt an offset only beyond this: well inside the upstream's 300 s window, well above Date's 1 s grain. */
export const SKEW_ADOPT_THRESHOLD_MS = 240_000;

export interface ClockSkew {
  /** Milliseconds added to the local clock for X-Timestamp (0 until a skew was adopted). */
  adoptedOffsetMs: number;
  /** When the offset was adopted (local ms), or null. */
  adoptedAt: number | null;
  /** Last observed upstream-minus-local difference in ms (positive: upstream is ahead), or null. */
  lastObservedMs: number | null;
  /** When that observation was made (local ms), or null. */
  observedAt: number | null;
}

export class SkewTracker {
  private state: ClockSkew = { adoptedOffsetMs: 0, adoptedAt: null, lastObservedMs: null, observedAt: null };

  get offsetMs(): number {
    return this.state.adoptedOffsetMs;
  }

  /**
   * Records the skew a response's Date header shows. Returns upstream-minus-local in ms, or null when the
   * header is missing or unreadable. Date has whole-second resolution, so the figure is good to about 1 s.
   */
  observe(dateHeader: string | null, localNowMs: number): number | null {
    if (!dateHeader) return null;
    const upstreamMs = Date.parse(dateHeader);
    if (Number.isNaN(upstreamMs)) return null;
    const skew = upstreamMs - localNowMs;
    this.state = { ...this.state, lastObservedMs: skew, observedAt: localNowMs };
    return skew;
  }

  /** True when the observed skew is far enough from the offset in use that our timestamps are refused. */
  shouldAdopt(observedSkewMs: number): boolean {
    return Math.abs(observedSkewMs - this.state.adoptedOffsetMs) > SKEW_ADOPT_THRESHOLD_MS;
  }

  adopt(observedSkewMs: number, localNowMs: number): void {
    this.state = { ...this.state, adoptedOffsetMs: observedSkewMs, adoptedAt: localNowMs };
  }

  /**
   * Goes back to an earlier offset (kept from snapshot()), when the retry signed with a newly adopted one was
   * refused as well: the Date header was not the cause, and keeping an offset taken from a wrong Date header
   * would lock every later call out.
   */
  revert(previous: Pick<ClockSkew, 'adoptedOffsetMs' | 'adoptedAt'>): void {
    this.state = { ...this.state, adoptedOffsetMs: previous.adoptedOffsetMs, adoptedAt: previous.adoptedAt };
  }

  snapshot(): ClockSkew {
    return { ...this.state };
  }
}
