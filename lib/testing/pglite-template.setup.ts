import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { CAPTURED, FROM_TEMPLATE, TEMPLATES } from './migrated-template';

/**
 * Every in-memory PGlite the tests open starts from the empty cluster pglite-template.global.ts saved, instead of
 * running initdb: PGlite's initdb boots a second WebAssembly instance and costs about 3 s a database on this
 * machine, a load about 1 s, and the suite opens over a hundred databases. The database itself is real PGlite,
 * migrated and seeded by the code under test as before; only an empty cluster's files are copied.
 * Databases in a folder are left alone (they may already hold a cluster).
 * Two more kinds of in-memory address serve migrated-template.ts: `memory://template/<name>` loads that template's
 * files, `memory://capture/<name>/…` is kept here so that its files can be saved as the template.
 */
const PATCHED = Symbol.for('pglite-template');
type Options = NonNullable<Parameters<typeof PGlite.create>[1]>;

if (!Reflect.get(PGlite, PATCHED)) {
  const empty = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const create = PGlite.create.bind(PGlite);
  const inMemory = (dataDir: string | undefined) => dataDir === undefined || dataDir.startsWith('memory://');
  PGlite.create = ((dataDirOrOptions?: string | Options, options?: Options) => {
    const merged: Options =
      typeof dataDirOrOptions === 'string'
        ? { ...options, dataDir: dataDirOrOptions }
        : { ...(dataDirOrOptions ?? options) };
    const dataDir = merged.dataDir;
    if (!inMemory(dataDir) || merged.loadDataDir || merged.noInitDb) return create(merged);
    const template = dataDir?.startsWith(FROM_TEMPLATE)
      ? TEMPLATES.get(dataDir.slice(FROM_TEMPLATE.length))
      : undefined;
    merged.loadDataDir = template ?? empty;
    // Each database its own memory: the address only chose the files it starts from.
    if (template) merged.dataDir = 'memory://';
    const created = create(merged);
    if (dataDir && CAPTURED.has(dataDir)) CAPTURED.set(dataDir, created);
    return created;
  }) as typeof PGlite.create;
  Reflect.set(PGlite, PATCHED, true);
}
