import type { WindowRange } from './approval-policy';

/**
 * The approval policy's window (issue 61 point 2): a quota's thresholds hold over the changes of the last
 * `windowDays`, so a raise split into steps trips the rule the whole raise would. What counts is what people
 * changed through the console (History's change records); two things restart the count, the value after them
 * being the new start: a manager's approval (a second person decided) and a write of the ERP (the source of
 * record; the mirror finds them). Read on the server from History, never from the browser.
 */

/** One console change of the amount in the window, as History recorded it. */
export interface QuotaStep {
  /** ISO 8601, UTC. */
  at: string;
  /** null: History has no value (the old value was not read). */
  from: number | null;
  to: number | null;
  byEmail: string;
}

/** What History holds in the window for one company's amount, oldest first. */
export type QuotaEvent =
  ({ kind: 'step' } & QuotaStep) | { kind: 'restart'; at: string; value: number; cause: 'approval' | 'erp' };

/** The window as a reviewer reads it: the value the change is measured from, since when, and the steps since. */
export interface QuotaWindowView {
  days: number;
  /** The lowest (a rise) or highest (a cut) value of the window the change is measured from. */
  base: number;
  /** When the steps that make up the change began (the first of them). */
  since: string;
  /** The console's changes from `base` to the live value, oldest first (when, who, from → to). */
  steps: QuotaStep[];
}

export interface QuotaWindow extends WindowRange {
  days: number;
  /** The console's changes counted (since the window began or the last restart), oldest first. */
  steps: QuotaStep[];
}

/** The counted part of `events` with the live value: its lowest and highest, and its steps. */
export function quotaWindow(days: number, events: readonly QuotaEvent[], live: number): QuotaWindow {
  let start: number | null = null;
  let steps: QuotaStep[] = [];
  // The value before a step whose old value History did not read is the one the event before it left.
  let last: number | null = null;
  for (const e of events) {
    if (e.kind === 'restart') {
      start = e.value;
      steps = [];
      last = e.value;
    } else {
      const { kind: _kind, ...step } = e;
      steps.push({ ...step, from: step.from ?? last });
      last = step.to ?? null;
    }
  }
  const values = [live, ...(start === null ? [] : [start])];
  for (const s of steps) for (const v of [s.from, s.to]) if (v !== null) values.push(v);
  return { days, lowest: Math.min(...values), highest: Math.max(...values), steps };
}

/**
 * The steps that make up a change from `before` to `after` over the window: those after the value last stood at the
 * window's lowest (a rise) or highest (a cut). Null when the window adds nothing to the change itself (the base is
 * `before`) or the change is none.
 */
export function windowView(window: QuotaWindow, before: number, after: number): QuotaWindowView | null {
  if (after === before) return null;
  const rise = after > before;
  const base = rise ? Math.min(window.lowest, before) : Math.max(window.highest, before);
  if (base === before) return null;
  // The last step that started from the base or left the value at it: the change since is made of what follows.
  let from = 0;
  window.steps.forEach((s, i) => {
    if (s.to === base) from = i + 1;
    else if (s.from === base) from = i;
  });
  const steps = window.steps.slice(from);
  if (steps.length === 0) return null;
  return { days: window.days, base, since: steps[0]!.at, steps };
}
