/* eslint-disable import/no-restricted-paths -- integration test: the pickers' fetchers against the real reference service in-process */
import { beforeEach, describe, expect, it } from 'vitest';
import { testSeed } from '@/service/testing/fixtures';
import { companySource, productSource } from './pickers';
import { serviceForFetchers } from './testing/service-fetcher';

/**
 * The product and company pickers (issue 17: wherever an id was typed): search by code or name, exact code
 * look-up that lists every record sharing a code, against a real reference service on in-memory PGlite.
 */
const sent: string[] = [];

serviceForFetchers(
  () => {
    const seed = testSeed();
    seed.tenants[0]!.products!.push(
      { id: 50, outerSysCode: 'TEA', name: 'Black tea', productCategoryId: 2, status: 'Active' },
      { id: 51, outerSysCode: 'TEA-2', name: 'TEA leaves', productCategoryId: 2, status: 'Active' },
      { id: 52, outerSysCode: 'X9', name: 'Oolong TEA', productCategoryId: 2, status: 'Active' },
    );
    return seed;
  },
  { seen: (path) => sent.push(path) },
);

beforeEach(() => {
  sent.length = 0;
});

describe('product picker', () => {
  it('finds by code or by name, code matches first, each product once', async () => {
    const found = await productSource.search(' TEA ');
    const ids = found.map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual([50, 51]);
    expect(ids).toContain(52);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sent).toEqual(
      expect.arrayContaining([expect.stringContaining('outerSysCode=TEA'), expect.stringContaining('name=TEA')]),
    );
  });

  it('an exact code names one product, not those whose code only contains it', async () => {
    const found = await productSource.findByCode('TEA');
    expect(found.map((p) => p.id)).toEqual([50]);
    expect(productSource.label(found[0]!)).toBe('TEA · Black tea (id 50)');
  });

  it('asks nothing for an empty search', async () => {
    expect(await productSource.search('   ')).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('company picker', () => {
  it('lists every company sharing a code, so the person chooses by id', async () => {
    const found = await companySource.findByCode('dup');
    expect(found.map((c) => [c.id, c.name])).toEqual([
      [3, 'Dup A'],
      [4, 'Dup B'],
    ]);
  });

  it('finds a company by part of its name', async () => {
    const found = await companySource.search('Tea House');
    expect(found.map((c) => c.id)).toEqual([1]);
  });
});
