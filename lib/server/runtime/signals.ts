import 'server-only';

/**
 * In-process wake-ups between request handlers and the job runner: a route that stored an import's part wakes
 * the planner waiting for it, instead of the planner finding it at its next look. Per process (a handler and
 * the runner may live in different bundles), best effort (a waiter always has a timeout, and another process
 * never hears it: its planner looks again on its own).
 */
export class Signals {
  readonly #waiting = new Map<string, Set<() => void>>();

  notify(topic: string): void {
    for (const wake of this.#waiting.get(topic) ?? []) wake();
  }

  /** Resolves at the next notify(topic) or after timeoutMs, whichever comes first. */
  next(topic: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.#waiting.get(topic) ?? new Set();
      this.#waiting.set(topic, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (!set.size) this.#waiting.delete(topic);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      set.add(done);
    });
  }
}
