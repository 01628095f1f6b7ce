/**
 * Rows written to the same record. Keys are held as nested maps of the key's values (a SKU's product id,
 * then its code), not joined into a new string per row: the cells' own strings are the keys.
 */
export class KeyIndex {
  private readonly roots: Map<unknown, unknown>[];
  constructor(private readonly alternatives: readonly (readonly string[])[]) {
    this.roots = alternatives.map(() => new Map());
  }
  /** The line of an earlier row with the same key, after noting this row's when it is the first. */
  earlierLine(alternative: number, parts: readonly unknown[], line: number): number | undefined {
    let map = this.roots[alternative]!;
    const last = this.alternatives[alternative]!.length - 1;
    for (let i = 0; i < last; i++) {
      let next = map.get(parts[i]) as Map<unknown, unknown> | undefined;
      if (next === undefined) map.set(parts[i], (next = new Map()));
      map = next;
    }
    const earlier = map.get(parts[last]) as number | undefined;
    if (earlier === undefined) map.set(parts[last], line);
    return earlier;
  }
}
