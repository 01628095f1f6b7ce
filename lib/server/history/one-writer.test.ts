import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (node runs it in `npm run deps`), without type declarations.
import { strayWrites } from '../../../scripts/check-one-history-writer.mjs';

// The audit tables have one writer: the check `npm run deps` runs finds SQL elsewhere that writes them.
const stray = path.resolve(__dirname, '../mirror/stray-audit-write.ts');

afterEach(() => rmSync(stray, { force: true }));

describe('the one writer of the audit tables', () => {
  it('finds no write to the audit tables outside lib/server/history', () => {
    expect(strayWrites()).toEqual([]);
  });

  it('names a file of a feature that writes them with SQL of its own', () => {
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(
      stray,
      "const q = sql`insert into audit_change (audit_id) values (1)`;\nawait db.insertInto('audit_log');\n",
    );
    expect(strayWrites()).toEqual([
      'lib/server/mirror/stray-audit-write.ts:1: const q = sql`insert into audit_change (audit_id) values (1)`;',
      "lib/server/mirror/stray-audit-write.ts:2: await db.insertInto('audit_log');",
    ]);
  });
});
