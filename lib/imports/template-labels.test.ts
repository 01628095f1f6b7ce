import { describe, expect, it } from 'vitest';
import { zhTW } from '@/messages/zh-TW';
import { FAMILIES, FAMILY_NAMES, templateRows } from './families';
import { autoMap } from './mapping';

/**
 * A Traditional Chinese template names its columns with the catalogue's field labels (imports.fields); the
 * import must map every one of them back to its field, for every family.
 */
describe('templates in Traditional Chinese', () => {
  const labels: Record<string, string> = zhTW.imports.fields;

  it.each(FAMILY_NAMES)('%s: every column of the Chinese template maps back to its field', (name) => {
    const family = FAMILIES[name];
    const { headers } = templateRows(family);
    const chinese = headers.map((h) => labels[h] ?? h);
    expect(headers.filter((h) => !labels[h])).toEqual([]);
    expect(autoMap(chinese, family, labels)).toEqual(headers);
  });
});
