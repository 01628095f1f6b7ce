/**
 * Lighthouse bench (issue 46): Lighthouse 12's performance and accessibility of the console's main pages, signed in
 * as the admin (who may open every page), in Debian's Chromium, with Lighthouse's mobile and desktop presets and its
 * default simulated throttling (what a two-core shared machine can measure fairly: the trace's own tasks, scaled).
 * Starts the BUILT console (demo mode, embedded reference service, fresh data under .data/lighthouse/bench) the way
 * `npm start` does (e2e/web-server.mjs runs server.ts), signs in through the real form, then runs Lighthouse against
 * each page with the session cookie as an extra header. Nothing is fetched from the internet.
 *
 * Prints, per page and preset, the median of the runs: performance, accessibility, CLS, TBT, LCP, with the machine's
 * load average (1 min) when the page was measured, and the load before and after. A page misses when performance is
 * under 90 (mobile) or 95 (desktop), accessibility under 100, or CLS over 0.05: a FAIL line, and the exit code is 1.
 * For a page that misses, the failed accessibility audits (with their selectors) and the largest opportunities are
 * listed, so the figure says what to fix.
 *
 *   npm run bench:lighthouse                                  # builds .next-lighthouse when it has no build yet
 *   npm run bench:lighthouse -- --build                       # rebuild first
 *   npm run bench:lighthouse -- --runs 1 --pages /skus,/quotas --presets mobile
 *   NEXT_DIST_DIR=.next-3484 BENCH_PORT=3485 npm run bench:lighthouse
 *   npm run bench:lighthouse -- --save .data/lighthouse/reports   # also keep each run's JSON report
 *   npm run bench:lighthouse -- --emulate-index 1000            # as on a host of benchmark index ~1,000 (below)
 *
 * Lighthouse's mobile profile slows the host's CPU four times, so its scores follow the host: a fast developer's
 * machine flatters the page. `--emulate-index N` first reads this host's benchmark index (Lighthouse's own measure
 * of the CPU, printed beside the scores), then sets the mobile CPU slowdown to 4 × index ÷ N, as Lighthouse's
 * throttling guide says, so the figures are those of a phone-class CPU on a host of index N. 0 keeps the default 4 ×.
 * A page misses too when its Total Blocking Time passes 200 ms (mobile).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { launchChromium, runBench, signIn, startFreshConsole, stopConsole } from './harness/console';
import { benchOptions } from './harness/options';
import { ROOT } from './harness/processes';

const DIST = process.env.NEXT_DIST_DIR ?? '.next-lighthouse';
const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BASE = `http://localhost:${PORT}`;
const DATA = path.join('.data', 'lighthouse', 'bench');
/** The pages; `{list}` becomes the first record's id of that list. */
const PAGES = [
  '/',
  '/skus',
  '/skus/{skus}',
  '/companies',
  '/bundles/{bundles}',
  '/quotas',
  '/imports/new',
  '/approvals',
  '/imports/rejections',
  '/audit',
];
const PRESETS = {
  mobile: { config: undefined as Config | undefined, performance: 90 },
  desktop: { config: desktopConfig as Config, performance: 95 },
};
type Preset = keyof typeof PRESETS;
const ACCESSIBILITY = 100;
const MAX_CLS = 0.05;
const MAX_MOBILE_TBT_MS = 200;

const options = benchOptions({
  runs: 3,
  pages: PAGES.join(','),
  presets: 'mobile,desktop',
  save: '',
  build: false,
  'emulate-index': 0,
});

type Figures = { performance: number; accessibility: number; cls: number; tbt: number; lcp: number; host: number };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function figuresOf(lhr: Result): Figures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbt: numeric(lhr, 'total-blocking-time'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    // Lighthouse's own measure of this machine's speed at the time (higher is faster): with the load, it says how
    // far a busy shared machine inflates the simulated blocking time.
    host: lhr.environment.benchmarkIndex,
  };
}

/** What a missed page should look at: failed accessibility audits with their elements, the largest savings. */
function whatToFix(lhr: Result): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue;
    const items = ((audit.details as { items?: { node?: { selector?: string; snippet?: string } }[] })?.items ?? [])
      .map((i) => i.node?.selector ?? i.node?.snippet)
      .filter(Boolean)
      .slice(0, 5);
    lines.push(`    a11y ${ref.id}: ${items.join(' | ')}`);
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 100)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 4);
  for (const a of opportunities) lines.push(`    perf ${a.id}: ${a.displayValue ?? ''}`);
  const bootup = lhr.audits['bootup-time'];
  if (bootup?.displayValue) lines.push(`    perf bootup-time: ${bootup.displayValue}`);
  return lines;
}

async function signedInCookie(): Promise<{ cookie: string; ids: Record<string, number> }> {
  const browser = await launchChromium();
  const page = await (await browser.newContext()).newPage();
  await signIn(page, BASE, 'admin@example.com');
  const ids: Record<string, number> = {};
  for (const list of ['skus', 'bundles']) {
    ids[list] = await page.evaluate(async (l) => {
      const r = await fetch(`/api/upstream/v1/${l}?page=1&pageSize=1`, { headers: { 'X-Console-Request': '1' } });
      return ((await r.json()) as { data: { id: number }[] }).data[0]!.id;
    }, list);
  }
  const cookies = await page.context().cookies(BASE);
  await browser.close();
  return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), ids };
}

/**
 * The mobile preset's config: Lighthouse's default (CPU 4 × slower than this host), or, with --emulate-index N, the
 * slowdown that makes this host stand for one of benchmark index N (five runs on the home page: two warm up, the median of three reads the index).
 */
async function mobileCpuSlowdown(port: number, cookie: string): Promise<{ config: Config | undefined; words: string }> {
  const target = options['emulate-index'];
  if (!target) return { config: undefined, words: 'mobile CPU slowdown: Lighthouse default 4 ×' };
  // The median of three readings: the first runs while the fresh console still warms up (its own CPU lowers the
  // index: 1,052 read first, 1,794–2,005 during the pages of one run), which would set too small a slowdown.
  const readings: number[] = [];
  for (let n = 0; n < 5; n++) {
    const probe = await lighthouse(
      `${BASE}/`,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } },
      undefined,
    );
    readings.push(probe?.lhr.environment.benchmarkIndex ?? 0);
  }
  // The first two warm the console and Chromium up (readings still rose 1,193 → 1,502 → 2,007 over three runs).
  const host = readings.slice(2).sort((a, b) => a - b)[1]!;
  if (!host) throw new Error('Lighthouse reported no benchmark index for this host');
  const multiplier = (4 * host) / target;
  const config: Config = {
    extends: 'lighthouse:default',
    settings: { throttling: { cpuSlowdownMultiplier: multiplier } },
  };
  return {
    config,
    words: `mobile CPU slowdown ${multiplier.toFixed(2)} × (4 × host index ${Math.round(host)}, the median of the last three of ${readings.map(Math.round).join(', ')}, ÷ emulated index ${target})`,
  };
}

async function main() {
  const presets = options.presets.split(',') as Preset[];
  const pages = options.pages.split(',');
  await startFreshConsole({ dist: DIST, port: PORT, data: DATA });
  const { cookie, ids } = await signedInCookie();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  const loadBefore = load();
  const mobileCpu = await mobileCpuSlowdown(chrome.port, cookie);
  console.log(`\nLighthouse 12, ${options.runs} run(s) per page and preset (median), signed in as the admin`);
  console.log(mobileCpu.words);
  console.log(`load average (1 5 15 min) before: ${loadBefore}\n`);
  console.log('page                 preset    perf  a11y    CLS     TBT ms   LCP ms   load  host idx  verdict');
  const misses: string[] = [];
  try {
    for (const template of pages) {
      const pagePath = template.replace(/\{([a-z-]+)\}/, (_, list: string) => String(ids[list]));
      // A first visit opens the server's caches for that page; Lighthouse then measures a warm server.
      await fetch(`${BASE}${pagePath}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
      for (const preset of presets) {
        const runs: Result[] = [];
        for (let run = 0; run < options.runs; run++) {
          const result = await lighthouse(
            `${BASE}${pagePath}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              extraHeaders: { Cookie: cookie },
            },
            preset === 'mobile' ? mobileCpu.config : PRESETS[preset].config,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
          if (result.lhr.runtimeError) throw new Error(`${pagePath}: ${result.lhr.runtimeError.message}`);
          if (new URL(result.lhr.finalDisplayedUrl).pathname.startsWith('/sign-in'))
            throw new Error(`${pagePath} sent Lighthouse to the sign-in page: the session cookie was not taken`);
          runs.push(result.lhr);
          if (options.save) {
            const dir = path.join(ROOT, options.save);
            mkdirSync(dir, { recursive: true });
            const name = `${template.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${preset}-${run + 1}.json`;
            writeFileSync(path.join(dir, name), result.report as string);
          }
        }
        const all = runs.map(figuresOf);
        const m: Figures = {
          performance: median(all.map((f) => f.performance)),
          accessibility: median(all.map((f) => f.accessibility)),
          cls: median(all.map((f) => f.cls)),
          tbt: median(all.map((f) => f.tbt)),
          lcp: median(all.map((f) => f.lcp)),
          host: median(all.map((f) => f.host)),
        };
        const problems = [
          m.performance < PRESETS[preset].performance &&
            `performance ${m.performance} < ${PRESETS[preset].performance}`,
          m.accessibility < ACCESSIBILITY && `accessibility ${m.accessibility} < ${ACCESSIBILITY}`,
          m.cls > MAX_CLS && `CLS ${m.cls.toFixed(3)} > ${MAX_CLS}`,
          preset === 'mobile' && m.tbt > MAX_MOBILE_TBT_MS && `TBT ${Math.round(m.tbt)} ms > ${MAX_MOBILE_TBT_MS} ms`,
        ].filter(Boolean);
        console.log(
          `${template.padEnd(20)} ${preset.padEnd(8)} ${String(m.performance).padStart(5)} ${String(m.accessibility).padStart(5)} ${m.cls.toFixed(3).padStart(6)} ${String(Math.round(m.tbt)).padStart(10)} ${String(Math.round(m.lcp)).padStart(8)}   ${loadavg()[0]!.toFixed(2).padStart(5)} ${String(Math.round(m.host)).padStart(9)}  ${problems.length ? 'FAIL' : 'ok'}`,
        );
        if (problems.length) {
          misses.push(`FAIL ${template} ${preset}: ${problems.join(', ')}`);
          // The run nearest the median performance says what to fix.
          const nearest = runs.reduce((a, b) =>
            Math.abs(score(b, 'performance') - m.performance) < Math.abs(score(a, 'performance') - m.performance)
              ? b
              : a,
          );
          for (const line of whatToFix(nearest)) console.log(line);
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log(`\nload average (1 5 15 min) before: ${loadBefore}, after: ${load()}`);
  if (misses.length) {
    for (const line of misses) console.log(line);
    stopConsole();
    process.exit(1);
  }
  console.log(
    `every page met: performance ≥ 90 mobile / ≥ 95 desktop, accessibility ${ACCESSIBILITY}, CLS ≤ ${MAX_CLS}, mobile TBT ≤ ${MAX_MOBILE_TBT_MS} ms`,
  );
}

runBench(main);
