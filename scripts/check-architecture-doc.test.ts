import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The check runs on a scratch copy of the tree's folders (one file each), the page and the layers, so each
// way of breaking it can be shown without touching the real tree.
const ROOT = path.resolve(__dirname, '..');
const ROOTS = ['lib/server', 'lib/files', 'lib/imports', 'lib/contract', 'lib/client', 'service'];
const scratch = mkdtempSync(path.join(tmpdir(), 'architecture-doc-'));
const PAGE = path.join(scratch, 'docs/architecture.md');

function copyFolders(rel: string) {
  mkdirSync(path.join(scratch, rel), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
    if (entry.isFile()) writeFileSync(path.join(scratch, rel, 'file.ts'), '');
    else if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      copyFolders(`${rel}/${entry.name}`);
  }
}

function check() {
  const run = spawnSync(process.execPath, [path.join(scratch, 'scripts/check-architecture-doc.mjs')], {
    encoding: 'utf8',
  });
  return { status: run.status, errors: run.stderr };
}

beforeAll(() => {
  for (const root of ROOTS) copyFolders(root);
  mkdirSync(path.join(scratch, 'scripts'), { recursive: true });
  mkdirSync(path.join(scratch, 'docs'), { recursive: true });
  for (const file of ['scripts/check-architecture-doc.mjs', 'scripts/server-layers.cjs', 'docs/architecture.md'])
    copyFileSync(path.join(ROOT, file), path.join(scratch, file));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the architecture check (npm run deps)', () => {
  it('passes on the tree as it is', () => {
    expect(check()).toMatchObject({ status: 0, errors: '' });
  });

  it('fails when the drawing puts a feature in another tier than the rules', () => {
    const page = readFileSync(PAGE, 'utf8');
    writeFileSync(
      PAGE,
      page
        .replace(/^( +money +lib\/server\/ .+)$/m, '$1  home')
        .replace(/^( +flows +lib\/server\/ .*) home(.*)$/m, '$1$2'),
    );
    const { status, errors } = check();
    writeFileSync(PAGE, page);
    expect(status).toBe(1);
    expect(errors).toContain('flows: the rules (scripts/server-layers.cjs) have home');
    expect(errors).toContain('money: the rules (scripts/server-layers.cjs) have nothing more, the drawing has home');
  });

  it('fails on a folder of lib/server in no tier, and on test helpers kept inside a feature', () => {
    mkdirSync(path.join(scratch, 'lib/server/stray'));
    writeFileSync(path.join(scratch, 'lib/server/stray/index.ts'), '');
    mkdirSync(path.join(scratch, 'lib/server/mirror/testing'));
    const { status, errors } = check();
    rmSync(path.join(scratch, 'lib/server/stray'), { recursive: true });
    rmSync(path.join(scratch, 'lib/server/mirror/testing'), { recursive: true });
    expect(status).toBe(1);
    expect(errors).toMatch(/in no layer[^\n]*\n {2}lib\/server\/stray\//);
    expect(errors).toMatch(/Test helpers inside a feature[^\n]*\n {2}lib\/server\/mirror\/testing\//);
  });
});
