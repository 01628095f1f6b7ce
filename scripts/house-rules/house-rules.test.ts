import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { castProblems, findCasts } from './casts.mjs';
import { findClones } from './duplicates.mjs';
import { budgetProblems } from './js-budget.mjs';

const ROOT = path.resolve(__dirname, '../..');
const ceilings = JSON.parse(readFileSync(path.join(__dirname, 'ceilings.json'), 'utf8'));
const scratch = mkdtempSync(path.join(tmpdir(), 'house-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const linesOf = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

describe('the house rules in npm run checks', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const maxLinesErrors = async (text: string, filePath: string) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'max-lines');
  };

  it('refuses a 301-line production file and lets a 300-line one, a test or a migration be', async () => {
    expect(await maxLinesErrors(linesOf(301), 'lib/server/example/long.ts')).toHaveLength(1);
    expect(await maxLinesErrors(linesOf(301), 'app/(console)/example/page.tsx')).toHaveLength(1);
    expect(await maxLinesErrors(linesOf(300), 'lib/server/example/long.ts')).toHaveLength(0);
    expect(await maxLinesErrors(linesOf(301), 'lib/server/example/long.test.ts')).toHaveLength(0);
    expect(await maxLinesErrors(linesOf(301), 'lib/server/db/migrations/9999-example.ts')).toHaveLength(0);
  }, 120_000);

  it('holds a file that was already long to its length then, not to a line more', async () => {
    const [file, max] = Object.entries(ceilings.longFiles as Record<string, number>)[0] ?? ['', 0];
    if (!file) return; // every long file has been split: the general limit above is the whole rule
    expect(await maxLinesErrors(linesOf(max), file)).toHaveLength(0);
    expect(await maxLinesErrors(linesOf(max + 1), file)).toHaveLength(1);
  }, 120_000);

  it('counts casts in production code against the budget, each with its why', () => {
    const tree = path.join(scratch, 'casts');
    mkdirSync(path.join(tree, 'lib/server/example'), { recursive: true });
    const cast = (i: number) => `// The cast: reason ${i}.\nexport const c${i} = x as unknown as number;\n`;
    writeFileSync(path.join(tree, 'lib/server/example/a.ts'), [0, 1, 2, 3, 4].map(cast).join(''));
    // In a test, a string or a comment: not counted.
    writeFileSync(path.join(tree, 'lib/server/example/a.test.ts'), 'const y = z as never;\n');
    writeFileSync(path.join(tree, 'lib/server/example/b.ts'), "const s = 'as never'; // as unknown as\n");
    expect(castProblems(findCasts(tree), 5)).toEqual([]);

    writeFileSync(path.join(tree, 'lib/server/example/c.ts'), cast(5));
    expect(castProblems(findCasts(tree), 5)[0]).toMatch(/^6 casts .* the budget is 5/);

    writeFileSync(path.join(tree, 'lib/server/example/c.ts'), 'export const d = x as never;\n');
    expect(castProblems(findCasts(tree), 6)).toEqual([
      'lib/server/example/c.ts:1: a cast without a comment saying why',
    ]);
  });

  it('passes on the tree as it stands', () => {
    expect(castProblems(findCasts(ROOT), ceilings.casts)).toEqual([]);
    expect(findClones().length).toBeLessThanOrEqual(ceilings.duplicates);
  }, 60_000);

  it('fails the duplicate ceiling when a block is copied again', () => {
    const copy = path.join(scratch, 'copy.ts');
    copyFileSync(path.join(ROOT, 'lib/server/jobs/runner.ts'), copy);
    expect(findClones([copy]).length).toBeGreaterThan(ceilings.duplicates);
  }, 60_000);

  it('fails the first-load JavaScript budget when a page grows past its ceiling or a new page has none', () => {
    const { routes } = JSON.parse(readFileSync(path.join(__dirname, 'js-budget.json'), 'utf8')) as {
      routes: Record<string, number>;
    };
    const page = (route: string, kib: number) => ({
      route,
      firstLoadUncompressedJsBytes: kib * 1024,
      firstLoadChunkPaths: [],
    });
    expect(budgetProblems([page('/skus', routes['/skus']!)], routes)).toEqual([]);
    expect(budgetProblems([page('/skus', routes['/skus']! + 0.5)], routes)).toEqual([
      `/skus: ${(routes['/skus']! + 0.5).toFixed(1)} KiB of first-load JavaScript; the ceiling is ${routes['/skus']} KiB`,
    ]);
    expect(budgetProblems([page('/reports', 100)], routes)).toEqual([
      '/reports: 100.0 KiB of first-load JavaScript and no ceiling',
    ]);
  });
});
