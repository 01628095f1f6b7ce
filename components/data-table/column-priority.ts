import type { CardRole, ColumnPriority } from './column-meta';

/** A column as far as its place on a card and in a narrow table goes. */
export interface Placed {
  card?: CardRole;
  priority?: ColumnPriority;
}

/** A column on a card is one a person looks for, so it stays in a narrowing table too; the rest leave first. */
export function columnPriority(column: Placed): ColumnPriority {
  return column.priority ?? (column.card ? 1 : 3);
}

// Whole class names, so Tailwind finds them in the source.
const HIDDEN_BELOW: Record<ColumnPriority, string | undefined> = {
  1: undefined,
  2: 'max-md:hidden',
  3: 'max-lg:hidden',
};

/** The class that hides a column's cells in a table narrower than its priority allows. */
export function priorityClass(column: Placed): string | undefined {
  return HIDDEN_BELOW[columnPriority(column)];
}

/** What one card shows, in the columns' order: the title, the subtitle, the badges and the figures. */
export interface CardLayout<C> {
  title: C | undefined;
  subtitle: C | undefined;
  badges: C[];
  figures: C[];
}

/** Sorts a list's columns into the parts of its card; a column without a card role stays off it. */
export function cardLayout<C extends Placed>(columns: readonly C[]): CardLayout<C> {
  const of = (role: CardRole) => columns.filter((c) => c.card === role);
  return { title: of('title')[0], subtitle: of('subtitle')[0], badges: of('badge'), figures: of('figure') };
}
