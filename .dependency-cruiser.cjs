// The import rules of docs/architecture.md, checked by `npm run checks` (`npm run deps`). dependency-cruiser reads
// type-only imports too (tsPreCompilationDeps); its no-file-cycle is the only cycle check (ESLint runs none).
//
// Layers, top to bottom; an arrow only ever points down:
//   entry points   app/, server.ts, scripts/, instrumentation*.ts, lib/server/console-api (the route and action wrappers,
//                  and the context through which app/ takes the process's parts)
//   composition    lib/server/runtime: builds the process's parts; nothing below imports it
//   features       in tiers (scripts/server-layers.cjs): flows → money → records
//   infrastructure lib/server/{process,db,upstream,auth,jobs,history,…} (scripts/server-layers.cjs)
//   shared rules   lib/imports → lib/files → lib/contract, lib/signing, lib/i18n
const LAYERS = require('./scripts/server-layers.cjs');

const any = (names) => `(${names.join('|')})`;
const FLOWS = any(LAYERS.FLOWS);
const MONEY = any(LAYERS.MONEY);
const RECORDS = any(LAYERS.RECORDS);
const FEATURE_NAMES = [...LAYERS.FLOWS, ...LAYERS.MONEY, ...LAYERS.RECORDS];
const FEATURES = any(FEATURE_NAMES);
const INFRA = any(LAYERS.INFRA);
// A folder's faces: index.ts; request.ts for what needs a Next request (kept apart so the worker can load index.ts
// without next/headers); page.ts for what answers a page with next/navigation (kept from route handlers and benches).
const FACES = '^lib/server/[^/]+/(index|request|page)\\.tsx?$';
const TESTS = '(\\.test\\.tsx?$|\\.integration\\.test\\.tsx?$|/testing/|/testing\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Files must not import each other in a circle, type imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders must not import each other in a circle: one of them belongs below the other.',
      scope: 'folder',
      from: { path: '^(lib|components|service)/' },
      to: { circular: true },
    },
    {
      name: 'runtime-is-the-top',
      severity: 'error',
      comment:
        'lib/server/runtime is the composition root: only entry points import it; parts below receive what they need.',
      from: { path: `^lib/server/(?!runtime/|console-api/)`, pathNot: TESTS },
      to: { path: '^lib/server/runtime/' },
    },
    {
      name: 'app-takes-the-context',
      severity: 'error',
      comment:
        "Pages, routes and actions take the process's parts (database, tenant, settings, upstream clients) from the " +
        'context: the route and action wrappers hand it to their handlers, serverContext() to pages ' +
        '(lib/server/console-api/context.ts); they never reach lib/server/process, lib/server/runtime or lib/server/env.',
      from: { path: '^app/', pathNot: TESTS },
      to: { path: '^lib/server/(process|runtime|env)/' },
    },
    {
      name: 'features-below-entry-points',
      severity: 'error',
      comment: 'A feature never imports the route wrapper.',
      from: { path: `^lib/server/${FEATURES}/` },
      to: { path: '^lib/server/console-api/' },
    },
    {
      name: 'records-below-money-and-flows',
      severity: 'error',
      comment:
        'The records (mirror, attention, audit, accounts) are the bottom tier of the features: they never import ' +
        'the quotas, the approvals or a flow.',
      from: { path: `^lib/server/${RECORDS}/` },
      to: { path: `^lib/server/${any([...LAYERS.MONEY, ...LAYERS.FLOWS])}/` },
    },
    {
      name: 'money-below-flows',
      severity: 'error',
      comment:
        'The quotas and the approvals stand on the records and under the flows (proxy, imports, undo, sync, exports, ' +
        'home, developers): they never import a flow.',
      from: { path: `^lib/server/${MONEY}/` },
      to: { path: `^lib/server/${FLOWS}/` },
    },
    {
      name: 'infrastructure-below-features',
      severity: 'error',
      comment:
        'Infrastructure (scripts/server-layers.cjs: process, db, upstream, auth, jobs, history, …) never imports a ' +
        'feature, the route wrapper or the runtime.',
      from: { path: `^lib/server/${INFRA}/`, pathNot: TESTS },
      to: { path: `^lib/server/${any([...FEATURE_NAMES, 'console-api', 'runtime'])}/` },
    },
    {
      name: 'history-is-the-one-writer',
      severity: 'error',
      comment:
        'Only lib/server/history writes the audit tables: its writer is reached through its index.ts (writeHistory, ' +
        'pruneHistory), and it calls no feature back. The SQL itself is checked by ' +
        'scripts/check-one-history-writer.mjs, which dependency-cruiser cannot see.',
      from: { pathNot: ['^lib/server/history/', TESTS] },
      to: { path: '^lib/server/history/(?!index\\.ts$)' },
    },
    {
      name: 'history-below-every-source',
      severity: 'error',
      comment: 'History is infrastructure: every source calls it, and it imports no source of History.',
      from: { path: '^lib/server/history/' },
      to: { path: '^lib/server/(?!history/|db/|log/)[^/]+/' },
    },
    {
      name: 'history-knows-no-feature',
      comment:
        "History receives entries in words: a feature's tables, rules and families stay with the feature that owns " +
        'them (the rejections with sync, the findings with attention), so history reads no import rule or attention rule.',
      severity: 'error',
      from: { path: '^lib/server/history/', pathNot: TESTS },
      to: { path: '^lib/(imports|files|client)/|^lib/contract/(attention|console)/' },
    },
    {
      name: 'mirror-copy-passes-reads',
      severity: 'error',
      comment:
        "The mirror's passes (which keep the copy current) and its reads (lists and the rest) both stand on copy/ " +
        '(tables, normalise, store, write-through); they never import each other, and copy/ imports neither.',
      from: { path: '^lib/server/mirror/(copy|passes|reads)/' },
      to: { path: '^lib/server/mirror/(passes|reads)/', pathNot: '^lib/server/mirror/$1/' },
    },
    {
      name: 'server-files-in-folders',
      severity: 'error',
      comment: 'lib/server holds folders only: a loose file belongs in the folder its name says.',
      from: { path: '^lib/server/[^/]+\\.tsx?$', pathNot: TESTS },
      to: {},
    },
    {
      name: 'public-face-only',
      severity: 'error',
      comment: 'Another folder of lib/server is reached through its index.ts, not its inside.',
      from: { path: '^lib/server/([^/]+)/', pathNot: TESTS },
      to: { path: '^lib/server/[^/]+/.', pathNot: ['^lib/server/$1/', FACES] },
    },
    {
      name: 'public-face-only-from-outside',
      severity: 'error',
      comment: 'Pages, routes and scripts reach a lib/server folder through its index.ts.',
      from: { pathNot: ['^lib/server/', TESTS, '^e2e/', '^bench/'] },
      to: { path: '^lib/server/[^/]+/.', pathNot: FACES },
    },
    {
      name: 'shared-rules-stay-shared',
      severity: 'error',
      comment: 'lib/imports and lib/files run in the browser and the server alike: no server, client or UI code.',
      from: { path: '^lib/(imports|files)/' },
      to: { path: '^(lib/server|lib/client|components|app|service)/' },
    },
    {
      name: 'files-below-imports',
      severity: 'error',
      comment: 'lib/files reads and writes files; the import rules (lib/imports) use it, never the other way.',
      from: { path: '^lib/files/' },
      to: { path: '^lib/imports/' },
    },
    {
      name: 'contract-at-the-bottom',
      severity: 'error',
      from: { path: '^lib/(contract|signing)/' },
      to: { path: '^(lib/(server|client|files|imports|i18n)|components|app|service)/' },
    },
    {
      name: 'service-stands-alone',
      severity: 'error',
      comment: 'The reference service sees only lib/contract and lib/signing.',
      from: { path: '^service/' },
      to: { path: '^(lib/(server|client|files|imports|i18n)|components|app)/' },
    },
    {
      name: 'service-only-through-the-runtime',
      severity: 'error',
      comment: "The console reaches the reference service only in app/v1 and the runtime's embedded mode.",
      from: { path: '^(lib|components|app)/', pathNot: ['^app/v1/', '^lib/server/runtime/', TESTS] },
      to: { path: '^service/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers (testing/ folders) may reach inside what they test; the rules are for production code.
    exclude: { path: ['(^|/)(node_modules|\\.next[^/]*|\\.data|test-results|playwright-report)/', TESTS] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
