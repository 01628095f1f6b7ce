import type { ProductCategory } from '@/lib/contract/resources';

export interface CategoryGroup {
  root: ProductCategory | null;
  /** Assignable categories under this root, by name. */
  options: ProductCategory[];
}

/** The root a category hangs under (itself when it has no parent); guards against cycles in odd data. */
export function rootOf(category: ProductCategory, byId: Map<number, ProductCategory>): ProductCategory {
  let current = category;
  const seen = new Set<number>();
  while (current.parentId != null && !seen.has(current.id)) {
    seen.add(current.id);
    const parent = byId.get(current.parentId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/**
 * The product category picker offers only assignable categories (a root cannot hold products:
 * invalid_product_category_id), grouped under their root, roots and children sorted by name in the page's locale.
 */
export function groupAssignableCategories(categories: readonly ProductCategory[], locale: string): CategoryGroup[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const groups = new Map<number | null, CategoryGroup>();
  for (const category of categories) {
    if (!category.isAssignable) continue;
    const root = category.parentId == null ? null : rootOf(category, byId);
    const key = root && root.id !== category.id ? root.id : null;
    const group = groups.get(key) ?? { root: key === null ? null : (root as ProductCategory), options: [] };
    group.options.push(category);
    groups.set(key, group);
  }
  // The page's locale, not the runtime's: the server and a browser in another language would sort differently and
  // the page's first render would not match the server's.
  const collator = new Intl.Collator(locale);
  const byName = (a: { name: string | null }, b: { name: string | null }) =>
    collator.compare(a.name ?? '', b.name ?? '');
  const list = [...groups.values()];
  for (const g of list) g.options.sort(byName);
  return list.sort((a, b) => (a.root === null ? 1 : b.root === null ? -1 : byName(a.root, b.root)));
}

/** "Beverages › Tea" for a category id, or null when unknown. */
export function categoryPath(id: number | null | undefined, categories: readonly ProductCategory[]): string | null {
  if (id == null) return null;
  const byId = new Map(categories.map((c) => [c.id, c]));
  const category = byId.get(id);
  if (!category) return null;
  const names: string[] = [];
  let current: ProductCategory | undefined = category;
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name ?? `#${current.id}`);
    current = current.parentId == null ? undefined : byId.get(current.parentId);
  }
  return names.join(' › ');
}
