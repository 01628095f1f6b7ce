/**
 * Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for that once; under the
 * console's CSP (no 'unsafe-eval') the probe is reported as a violation although Zod copes. Jitless skips it.
 *
 * Set through zod's global config object rather than `z.config()`, so the console shell does not load zod
 * itself (a list page's first load carries no zod: components/data-table/first-load.test.ts). Zod creates or
 * reuses the global object's `__zod_globalConfig` when it loads, whichever runs first; zod-config.test.ts checks it.
 * That object is zod's own, read by zod in the browser: not a holder of the console's, so it is written here and
 * not through the server's runtime (lib/server/runtime), the one home of the console's process-wide state.
 */
// Browsers only: server rendering loads this module too, and zod's config is the process's, so setting it there
// would also slow the signing proxy's check of every list and read answer (response-check.ts) about threefold.
// In a browser the global object is `window`.
if (typeof window !== 'undefined') {
  const holder = window as typeof window & { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

export {};
