// The folders of lib/server by layer, read by .dependency-cruiser.cjs (its rules) and scripts/check-architecture-doc.mjs
// (which compares them with the drawing in docs/architecture.md and with the tree), so the rules, the page and the
// folders cannot drift apart. A folder in none of these lists is an entry point (console-api, startup), the
// composition root (runtime) or the features' test helpers (testing).
//
// The features stand in three tiers, each importing only the tiers below it (and infrastructure):
//   flows    what a person or the ERP sets going: the proxy, imports, undo, the ERP's sync, exports, the home's
//            count, the integrators' page
//   money    the quota snapshot and the four eyes on it
//   records  the copy of the master data and what is said about it: the mirror, its findings, the audit log, accounts
const FLOWS = ['proxy', 'imports', 'undo', 'sync', 'exports', 'home', 'developers'];
const MONEY = ['quotas', 'approvals'];
const RECORDS = ['mirror', 'attention', 'audit', 'accounts'];
const INFRA = [
  'process',
  'db',
  'upstream',
  'auth',
  'jobs',
  'history',
  'log',
  'metrics',
  'http',
  'preferences',
  'env',
  'telemetry',
];
const OTHERS = ['console-api', 'startup', 'runtime', 'testing'];

module.exports = { FLOWS, MONEY, RECORDS, INFRA, OTHERS };
