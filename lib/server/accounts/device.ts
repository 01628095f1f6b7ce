import 'server-only';
import Bowser from 'bowser';

/** Browser and system a session was started from, in the words people know ("Chrome on Windows"). */
export type Device = { browser: string | null; system: string | null };

// Bowser keeps up with new browsers and their look-alike user agents (Edge and Opera also say "Chrome", every
// browser on iOS says "Safari"); a hand-kept list of patterns did not.
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, system: parsed.os.name || null };
}
