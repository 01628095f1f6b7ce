import type { PGlite } from '@electric-sql/pglite';

/**
 * Migrated databases for tests, made once per test process instead of once per database: the first database of a
 * kind is migrated as usual and its files saved; each later one loads those files and runs the migrations again,
 * which then find nothing to do. A console database's migrations take 2–3 s of CPU on PGlite, and the suite opens
 * a hundred or so. The migrations themselves are still run whole: for each kind's first database, and in the tests
 * of migrations, which open their databases without a template. Works with pglite-template.setup.ts, which loads
 * the files; outside the test runner nothing is saved and every database is migrated.
 */
export const FROM_TEMPLATE = 'memory://template/';
const CAPTURE = 'memory://capture/';
/** Saved templates by name, read by the set-up file's PGlite.create. */
export const TEMPLATES = new Map<string, Blob>();
/** Addresses whose PGlite is kept so its files can be saved: set to null, then to the PGlite made there. */
export const CAPTURED = new Map<string, Promise<PGlite> | null>();
const making = new Map<string, Promise<void>>();
let captures = 0;

/**
 * Opens an in-memory database with `open(dataDir)` (which connects and migrates), from template `name` when this
 * process has made it; the first call makes it from the database it opens.
 */
export async function fromMigratedTemplate<T>(name: string, open: (dataDir: string) => Promise<T>): Promise<T> {
  const made = making.get(name);
  if (made) {
    await made;
    return open(TEMPLATES.has(name) ? `${FROM_TEMPLATE}${name}` : 'memory://');
  }
  const dataDir = `${CAPTURE}${name}/${++captures}`;
  CAPTURED.set(dataDir, null);
  const opened = open(dataDir);
  const saving = opened.then(async () => {
    const pglite = await CAPTURED.get(dataDir);
    // Saved as a Blob of the data folder's tar: what PGlite's loadDataDir reads back.
    if (pglite) TEMPLATES.set(name, await pglite.dumpDataDir('none'));
  });
  making.set(
    name,
    saving.catch(() => {}).finally(() => CAPTURED.delete(dataDir)),
  );
  await saving;
  return opened;
}
