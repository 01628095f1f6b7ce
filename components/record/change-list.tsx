'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { OUTSIDE_OUTCOMES, recipeSteps, refName, type FieldDiff, type HistoryValue } from '@/lib/contract/history';
import { plainSpaces } from '@/lib/i18n/formats';
import { formatNtdExact } from '@/lib/i18n/money';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/** Fields that hold NT$: shown as money (NT$1,560,000.00), never as a bare 1560000. */
const MONEY_FIELDS = new Set(['creditAmount']);

/**
 * The fields one write changed, in words: "Sell price: 650 → 699", a recipe as its component steps, and
 * "previous value not read" where the console did not read the old value before sending (never a guess), and
 * under a field whose review showed another old value than the platform held, what was reviewed (never the old value).
 */
export function ChangeList({
  changes,
  oldRead,
  unchanged = 0,
  fieldLabel,
  valueLabel,
}: {
  changes: FieldDiff[];
  oldRead: boolean;
  /** Fields sent with the value they had: counted after the list, not listed. */
  unchanged?: number;
  fieldLabel?: (field: string) => string;
  /** The name of what a value refers to by id (a salesperson, a category, a role), shown beside the id. */
  valueLabel?: (field: string, value: HistoryValue) => string | null | undefined;
}) {
  const t = useTranslations('history');
  const format = useFormatter();
  const locale = useLocale();
  const raw = (v: HistoryValue | undefined) => {
    if (v === null || v === undefined || v === '') return t('emptyValue');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const label = (field: string) => fieldLabel?.(field) ?? (t.has(`fields.${field}`) ? t(`fields.${field}`) : field);
  const value = (c: FieldDiff, v: HistoryValue | undefined) => {
    if (v === null || v === undefined || v === '') return raw(v);
    if (typeof v === 'number' && MONEY_FIELDS.has(c.field)) return formatNtdExact(locale, v);
    // A name stored with the write (as it was then) stands for the id; the id stays on hover (the item's title).
    const stored = typeof v === 'number' || typeof v === 'string' ? refName(c.labels?.[String(v)]) : null;
    if (stored) return stored;
    const name = valueLabel?.(c.field, v);
    return name ? t('withName', { value: raw(v), name }) : raw(v);
  };
  const line = (c: FieldDiff) => {
    const field = label(c.field);
    if (c.secret) return t('secretChange', { field });
    const steps = c.field === 'components' ? recipeSteps(c.from, c.to, c.labels) : null;
    if (steps) {
      const words = steps.map((s) =>
        s.kind === 'added'
          ? t('recipe.added', { sku: s.sku, quantity: s.quantity })
          : s.kind === 'removed'
            ? t('recipe.removed', { sku: s.sku })
            : t('recipe.changed', { sku: s.sku, from: s.from, to: s.to }),
      );
      const text = words.length ? words.join(t('recipe.separator')) : t('recipe.same');
      // A create had no recipe before it: its lines are all "added", and nothing was left unread.
      return 'from' in c || oldRead
        ? t('recipeChange', { field, steps: text })
        : t('recipeNotRead', { field, steps: text });
    }
    if ('from' in c) return t('change', { field, from: value(c, c.from), to: value(c, c.to) });
    return oldRead ? t('changeNew', { field, to: value(c, c.to) }) : t('changeNotRead', { field, to: value(c, c.to) });
  };
  // What the person reviewed, where it was not what the platform held (lib/server/audit recordedChanges).
  const reviewNote = (c: FieldDiff) => {
    if (!('reviewed' in c)) return null;
    const reviewed = value(c, c.reviewed);
    if (!('from' in c)) return t('reviewedNotRead', { reviewed });
    const at = c.fromRead ? plainSpaces(format.dateTime(new Date(c.fromRead.at), 'dateTime')) : '';
    const how = c.fromRead?.by === 'copy' ? t('heldInCopy', { at }) : t('heldOnRead', { at });
    return t('reviewed', { reviewed, held: value(c, c.from), how });
  };
  return (
    <ul>
      {changes.map((c) => (
        <li key={c.field} title={c.labels ? idsTitle(c) : undefined}>
          {line(c)}
          {'reviewed' in c ? (
            <span className="block text-sm text-amber-800 dark:text-amber-300">{reviewNote(c)}</span>
          ) : null}
        </li>
      ))}
      {unchanged > 0 ? (
        <li className="text-zinc-600 dark:text-zinc-400">
          {t(changes.length ? 'unchangedMore' : 'unchangedOnly', { count: unchanged })}
        </li>
      ) : null}
    </ul>
  );
}

/** The ids behind the names, for whoever needs them ("roleId: 3 → 4"). */
function idsTitle(c: FieldDiff): string {
  const text = (v: HistoryValue | undefined) =>
    v === undefined ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  return 'from' in c ? `${c.field}: ${text(c.from)} → ${text(c.to)}` : `${c.field}: ${text(c.to)}`;
}

/**
 * The detail of an outcome in the person's language: what was created or updated, or the reason a write was
 * refused or may not have been applied (its error code's sentence), instead of the log's English text.
 */
export function OutcomeDetail({ outcome, action }: { outcome: string; action?: string | null }) {
  const t = useTranslations('history');
  const errorText = useErrorMessage();
  if (action === 'created' || action === 'updated') return <>{t(`actions.${action}`)}</>;
  if (outcome === 'applied' || outcome === 'refused' || outcome === 'unknown') return <>{t(`results.${outcome}`)}</>;
  if (outcome === 'created' || outcome === 'updated') return <>{t(`actions.${outcome}`)}</>;
  // What a mirror pass recorded (lib/server/mirror/copy/outside.ts).
  if (outcome === OUTSIDE_OUTCOMES.changed) return <>{t('outside.changed')}</>;
  if (outcome === OUTSIDE_OUTCOMES.vanished) return <>{t('outside.vanished')}</>;
  // A batch's counts ("198 updated, 2 failed"), each in words.
  const counts = outcome
    .split(', ')
    .map((part) => part.match(/^(\d+) (created|updated|ok|failed|unknown|not_sent|proposed|unanswered)$/));
  if (counts.every(Boolean))
    return <>{counts.map((m) => t(`counts.${m![2]}`, { count: Number(m![1]) })).join(t('recipe.separator'))}</>;
  const m = outcome.match(/^(refused|unknown): ([a-z_]+)$/);
  if (m) return <>{errorText(m[2]!)}</>;
  if (/^unknown: no answer in time$/.test(outcome)) return <>{errorText('upstream_timeout')}</>;
  if (/^unknown: upstream unreachable$/.test(outcome)) return <>{errorText('upstream_unreachable')}</>;
  // A code the catalogue does not know (an upstream's own, say E_INJECTED) is shown as recorded, never hidden.
  return <>{outcome}</>;
}
