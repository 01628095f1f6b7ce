import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isProduction } from './production.mjs';

const SKIPPED = new Set(['node_modules', '.git', '.data', '.cache', 'test-results', 'playwright-report']);

/** Repository-relative paths (forward slashes) of the production files under root. */
export function productionFiles(root) {
  const out = [];
  const visit = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.next')) visit(child);
      } else if (isProduction(child)) out.push(child);
    }
  };
  visit('');
  return out.sort();
}
