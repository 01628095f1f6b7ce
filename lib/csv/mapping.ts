import type { Family } from './families';

/**
 * Column mapping: which API field each column of the file fills. `Mapping[i]` is the field of column i, or
 * null when the column is ignored. A field is filled by one column at most.
 */
export type Mapping = (string | null)[];

/** A saved mapping: normalised header → field ('' = ignored), per family and per user. */
export type SavedMapping = Record<string, string>;

/** Case, spaces, underscores, hyphens, dots and full-width forms do not matter when matching headers. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.:：()（）]/g, '');
}

/**
 * Matches headers to fields: a saved choice for the same header first, then the API field name, then the
 * console's own label for the field (`labels`, from the message catalogue), then the family's aliases
 * (common Traditional Chinese headers). First come, first served: a second column for a taken field is ignored.
 */
export function autoMap(headers: readonly string[], family: Family, labels: Record<string, string> = {}, saved: SavedMapping = {}): Mapping {
  const candidates = new Map<string, string>();
  // Later sources do not override earlier ones: an API name beats a label beats an alias.
  const add = (text: string, field: string) => {
    const key = normaliseHeader(text);
    if (key !== '' && !candidates.has(key)) candidates.set(key, field);
  };
  for (const f of family.fields) add(f.name, f.name);
  for (const f of family.fields) if (labels[f.name]) add(labels[f.name]!, f.name);
  for (const f of family.fields) for (const alias of f.aliases ?? []) add(alias, f.name);

  const fieldNames = new Set(family.fields.map((f) => f.name));
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const remembered = saved[key];
    const field = remembered !== undefined ? (remembered === '' || !fieldNames.has(remembered) ? null : remembered) : (candidates.get(key) ?? null);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The mapping to remember for next time. */
export function toSaved(headers: readonly string[], mapping: Mapping): SavedMapping {
  const saved: SavedMapping = {};
  headers.forEach((header, i) => {
    const key = normaliseHeader(header);
    if (key !== '') saved[key] = mapping[i] ?? '';
  });
  return saved;
}

/** The column sets of `requiredColumns` none of which the mapping covers: empty when the file can go on. */
export function missingColumns(family: Family, mapping: Mapping): string[] {
  const mapped = new Set(mapping.filter((m): m is string => m !== null));
  const satisfied = family.requiredColumns.some((set) => set.every((f) => mapped.has(f)));
  if (satisfied) return [];
  // Name the set that is closest to complete, so the message asks for the fewest columns.
  const missing = (set: readonly string[]) => set.filter((f) => !mapped.has(f)).length;
  const found = (set: readonly string[]) => set.length - missing(set);
  const best = [...family.requiredColumns].sort((a, b) => missing(a) - missing(b) || found(b) - found(a))[0] ?? [];
  return best.filter((f) => !mapped.has(f));
}
