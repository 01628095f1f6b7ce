import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

/**
 * Runs once before the test files: an empty, initialised PGlite cluster, saved as a tar file that every in-memory
 * PGlite of the run loads instead of running initdb again (see pglite-template.setup.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'empty-cluster.tar');
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  await db.close();
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
