import { consoleHeaders } from './console-headers';
import type { FamilyColumns } from './family-columns';
import { normaliseHeader } from './header-key';

export { normaliseHeader };

/**
 * Column mapping: which API field each column of the file fills. `Mapping[i]` is the field of column i, or
 * null when the column is ignored. A field is filled by one column at most.
 */
export type Mapping = (string | null)[];

/** A saved mapping: normalised header → field ('' = ignored), per family and per user. */
export type SavedMapping = Record<string, string>;

/**
 * Matches headers to fields: a saved choice for the same header first, then the API field name, then the
 * console's own label for the field (`labels`, from the message catalogue), then any header the console's own
 * exports write for the field in either language (./console-headers), then the family's aliases (common
 * Traditional Chinese ERP headers). First come, first served: a second column for a taken field is ignored.
 *
 * A saved "Ignore" does not hide an export header the mapper once did not know ("Selling price"): an earlier
 * mapper saved Ignore for them, and that would drop a price change silently forever.
 */
export function autoMap(
  headers: readonly string[],
  family: FamilyColumns,
  labels: Record<string, string> = {},
  saved: SavedMapping = {},
): Mapping {
  const candidates = new Map<string, string>();
  // Later sources do not override earlier ones: an API name beats a label beats an export header beats an alias.
  const add = (text: string, field: string) => {
    const key = normaliseHeader(text);
    if (key !== '' && !candidates.has(key)) candidates.set(key, field);
  };
  for (const f of family.fields) add(f.name, f.name);
  for (const f of family.fields) if (labels[f.name]) add(labels[f.name]!, f.name);
  // Headers of the console's own exports that an earlier mapper did not know: a saved Ignore does not hold them.
  const exported = new Set<string>();
  for (const [key, field] of consoleHeaders(family).fields) {
    if (candidates.has(key)) continue;
    candidates.set(key, field);
    exported.add(key);
  }
  for (const f of family.fields) for (const alias of f.aliases ?? []) add(alias, f.name);

  const fieldNames = new Set(family.fields.map((f) => f.name));
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const remembered = saved[key];
    const chosen = remembered !== undefined && remembered !== '' && fieldNames.has(remembered) ? remembered : undefined;
    const ignored = remembered === '' && !exported.has(key);
    const field = chosen ?? (ignored ? null : (candidates.get(key) ?? null));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/**
 * The columns the mapping leaves out, in two groups: those the console's own files carry for people to read
 * (a name beside an id, a status, a results file's outcome columns, or a second column for a field already
 * filled), left out on purpose; and those the console does not know, which the user must look at before the
 * check, since a column they meant to import would otherwise be dropped without a word.
 */
export function unusedColumns(
  headers: readonly string[],
  family: FamilyColumns,
  mapping: Mapping,
): { onPurpose: number[]; unknown: number[] } {
  const known = consoleHeaders(family);
  const onPurpose: number[] = [];
  const unknown: number[] = [];
  headers.forEach((header, i) => {
    if (mapping[i] != null) return;
    const key = normaliseHeader(header);
    if (known.unused.has(key) || known.fields.has(key)) onPurpose.push(i);
    else unknown.push(i);
  });
  return { onPurpose, unknown };
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
export function missingColumns(family: FamilyColumns, mapping: Mapping): string[] {
  const mapped = new Set(mapping.filter((m): m is string => m !== null));
  const satisfied = family.requiredColumns.some((set) => set.every((f) => mapped.has(f)));
  if (satisfied) return [];
  // Name the set that is closest to complete, so the message asks for the fewest columns.
  const missing = (set: readonly string[]) => set.filter((f) => !mapped.has(f)).length;
  const found = (set: readonly string[]) => set.length - missing(set);
  const best = [...family.requiredColumns].sort((a, b) => missing(a) - missing(b) || found(b) - found(a))[0] ?? [];
  return best.filter((f) => !mapped.has(f));
}
