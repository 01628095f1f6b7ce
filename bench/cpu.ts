import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds spent by this process and by a process tree (a Postgres cluster, a service process), read
 * from /proc. On a shared machine wall time swings with other work; CPU time per request does not, so
 * benches print both.
 */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the command: state ppid … utime (index 11) stime (12) cutime (13) cstime (14).
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds of `root` and all its live descendants (plus what exited children left in cutime/cstime). */
export function treeCpuSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (!s) continue;
    ticks.set(pid, s.ticks);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / TICKS_PER_SECOND;
}

export function selfCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Measures CPU seconds of this process and of the given process trees around `fn`. */
export async function withCpu<T>(
  trees: Record<string, number>,
  fn: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = {
    self: selfCpuSeconds(),
    ...Object.fromEntries(Object.entries(trees).map(([k, pid]) => [k, treeCpuSeconds(pid)])),
  };
  const result = await fn();
  const cpu: Record<string, number> = { self: selfCpuSeconds() - before.self };
  for (const [k, pid] of Object.entries(trees)) cpu[k] = treeCpuSeconds(pid) - (before as Record<string, number>)[k]!;
  return { result, cpu };
}
