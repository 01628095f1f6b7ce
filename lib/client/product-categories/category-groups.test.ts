import { describe, expect, it } from 'vitest';
import type { ProductCategory } from '@/lib/contract/resources';
import { categoryPath, groupAssignableCategories } from './category-groups';

const c = (id: number, name: string, parentId: number | null, isAssignable = parentId !== null): ProductCategory => ({
  id,
  name,
  parentId,
  isAssignable,
});

const categories = [
  c(1, 'Food', null),
  c(2, 'Snacks', 1),
  c(3, 'Beverages', null),
  c(4, 'Tea', 3),
  c(5, 'Coffee', 3),
  c(6, 'Empty root', null),
];

describe('groupAssignableCategories', () => {
  it('offers only assignable categories, grouped by root and sorted by name', () => {
    const groups = groupAssignableCategories(categories, 'en');
    expect(groups.map((g) => [g.root?.name, g.options.map((o) => o.name)])).toEqual([
      ['Beverages', ['Coffee', 'Tea']],
      ['Food', ['Snacks']],
    ]);
    const offered = groups.flatMap((g) => g.options.map((o) => o.id));
    expect(offered).not.toContain(1);
    expect(offered).not.toContain(3);
    expect(offered).not.toContain(6);
  });

  it('groups a deeper assignable category under its top root', () => {
    const groups = groupAssignableCategories([...categories, c(7, 'Green tea', 4)], 'en');
    expect(groups.find((g) => g.root?.id === 3)?.options.map((o) => o.name)).toEqual(['Coffee', 'Green tea', 'Tea']);
  });

  it('keeps an assignable category whose parent is unknown in an ungrouped list at the end', () => {
    const groups = groupAssignableCategories([c(1, 'Food', null), c(2, 'Snacks', 1), c(9, 'Orphan', 99)], 'en');
    expect(groups.at(-1)?.options.map((o) => o.name)).toEqual(['Orphan']);
  });
});

describe('groupAssignableCategories in the page language', () => {
  // The server renders the picker in the page's language; a browser in another language must sort the same way,
  // or its first render differs from the server's. Traditional Chinese sorts by stroke count.
  it('sorts Chinese names by stroke count in zh-TW, whatever the runtime locale', () => {
    const teas = [c(1, '茶', null), c(2, '烏龍茶', 1), c(3, '紅茶', 1), c(4, '綠茶', 1)];
    expect(groupAssignableCategories(teas, 'zh-TW')[0]?.options.map((o) => o.name)).toEqual(['紅茶', '烏龍茶', '綠茶']);
  });
});

describe('categoryPath', () => {
  it('names the category with its ancestors', () => {
    expect(categoryPath(4, categories)).toBe('Beverages › Tea');
    expect(categoryPath(42, categories)).toBeNull();
  });
});
