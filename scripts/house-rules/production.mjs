/**
 * Which files the house rules hold to (shared/design.md, "The house rules are checks too"): the production code of
 * both programs. Tests, test helpers, browser specs, benches, migrations, seeds and the message catalogues are
 * exempt by path: they are long or repetitive by nature (a table of cases, a fixture, a list of strings).
 * Read by eslint.config.mjs (max-lines) and by the cast check, so the two agree on what "production" means.
 */
export const PRODUCTION_GLOBS = [
  'app/**/*.{ts,tsx,mjs}',
  'components/**/*.{ts,tsx}',
  'lib/**/*.{ts,tsx}',
  'service/**/*.ts',
  'scripts/**/*.{ts,mjs}',
  '*.ts',
];

export const EXEMPT_GLOBS = [
  '**/*.test.{ts,tsx}',
  '**/testing/**',
  '**/migrations/**',
  '**/seed/**',
  'messages/**',
  '**/*.d.ts',
  '**/*.d.mts',
];

const EXEMPT = [/\.test\.tsx?$/, /(^|\/)testing\//, /(^|\/)migrations\//, /(^|\/)seed\//, /^messages\//, /\.d\.m?ts$/];
const PRODUCTION = [
  /^(app|components|lib)\/.*\.(ts|tsx|mjs)$/,
  /^service\/.*\.ts$/,
  /^scripts\/.*\.(ts|mjs)$/,
  /^[^/]+\.ts$/,
];

/** True for a repository-relative path (forward slashes) the house rules hold to. */
export function isProduction(file) {
  return PRODUCTION.some((re) => re.test(file)) && !EXEMPT.some((re) => re.test(file));
}
