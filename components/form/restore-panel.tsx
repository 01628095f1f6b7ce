'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type RefObject } from 'react';
import { Alert, Checkbox } from '@/components/ui';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/client/api-error';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { useRestoreReview } from '@/lib/client/restores';
import type { RestoreField, RestoreReview, RestoreType } from '@/lib/contract/console/restores';
import type { HistoryValue } from '@/lib/contract/history';
import { plainSpaces } from '@/lib/i18n/formats';
import { useMoney } from '@/lib/i18n/use-money';
import type { FormValue } from './changed-fields';
import { PriceRestore, restorablePrice } from './price-restore';
import { holdsEarlier, useRestoreIntoForm } from './restore-into-form';

export interface RestorePanelProps {
  type: RestoreType;
  id: number;
  /** The History entry's change record id (`?restore=` on the edit page). */
  change: string;
  /** The fields this form edits: only these can take an old value. */
  fields: readonly string[];
  labels: { readonly [field: string]: string | undefined };
  formatValue?: (field: string, value: FormValue) => string | undefined;
  /**
   * Told whether chosen old values are in the form (the entry's change id) or none is (null): the save then names
   * the entry it restores.
   */
  onApplied: (change: string | null) => void;
  /** Set to open the review of the chosen prices (none chosen: null), for the form's "Review and save". */
  reviewPrices?: RefObject<(() => boolean) | null>;
}

/**
 * "Restore earlier values" on a record's edit page (issue 56 point 2): one History entry's fields with before
 * (the entry's old value), now (read live from /v1) and after (the entry's new value). A field still holding the
 * new value is selected; one changed since is not, and says who changed it and when; one whose old value was
 * never read cannot be chosen. The chosen old values go into the form; the person reviews and saves as usual. A
 * category is shown by its path, and one no live category holds any more is left out; a price is restored here
 * through its price batch (./price-restore), as the price panel writes it.
 */
export function RestorePanel(props: RestorePanelProps) {
  const t = useTranslations('records.restore');
  const review = useRestoreReview(props.type, props.id, props.change);
  const errorText = useErrorMessage();
  return (
    <section
      aria-labelledby="restore-title"
      className="space-y-3 rounded-md border border-blue-200 bg-blue-50/40 p-4 dark:border-blue-900 dark:bg-blue-950/30"
    >
      <h2 id="restore-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      {review.isPending ? <Skeleton className="h-16" aria-label={t('loading')} /> : null}
      {review.error ? (
        <Alert tone="error">{errorText(review.error instanceof ApiError ? review.error.code : 'network_error')}</Alert>
      ) : null}
      {review.data ? <RestoreChoices {...props} review={review.data} /> : null}
    </section>
  );
}

function RestoreChoices({ review, ...props }: RestorePanelProps & { review: RestoreReview }) {
  const t = useTranslations('records.restore');
  const format = useFormatter();
  const when = (at: string) => plainSpaces(format.dateTime(new Date(at), 'dateTime'));
  const offered = (f: RestoreField) =>
    !holdsEarlier(f) &&
    (f.prices
      ? restorablePrice(f)
      : (f.state === 'holds' || f.state === 'changedSince') && props.fields.includes(f.field));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(review.fields.filter((f) => f.selected && offered(f)).map((f) => f.field)),
  );
  // A field this form does not edit (a recipe, a price) is named as the record's page names it.
  const fieldName = (field: string) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : t('otherField'));
  const who = review.userEmail || (review.source === 'outside' ? t('outsideWho') : t('checksWho'));
  const changed = review.fields.filter((f) => f.state === 'changedSince').length;
  const prices = review.fields.filter(restorablePrice);
  // An entry of prices alone has nothing for the form: the intro speaks of the prices' own review and save.
  const forForm = review.fields.some((f) => offered(f) && !f.prices);
  const label = (field: string) => props.labels[field] ?? fieldName(field);
  const money = useMoney();
  // A price is shown as the price panel shows it; the edit form it sits above has no price of its own to format.
  const priceFields = new Set(review.fields.filter((f) => f.prices).map((f) => f.field));
  const formatValue = (field: string, value: FormValue) =>
    priceFields.has(field) && typeof value === 'number' ? money(value) : props.formatValue?.(field, value);
  const showValue = (field: string, value: FormValue) => shown(value, field, formatValue, t('empty'));
  // The chosen earlier values are in the form as soon as they are chosen: "Review and save" reviews them.
  const inForm = useRestoreIntoForm(
    review.fields,
    chosen,
    (f) => offered(f) && !f.prices,
    (any) => props.onApplied(any ? review.changeId : null),
  );

  return (
    // On a phone the panel scrolls inside itself (at most 40% of the screen), so the form stays in view under it.
    <div
      role="group"
      aria-labelledby="restore-title"
      tabIndex={0}
      className="space-y-3 text-sm max-sm:max-h-[40vh] max-sm:overflow-y-auto max-sm:pe-1"
    >
      <p>{t('from', { when: when(review.at), who })}</p>
      <p className="text-zinc-700 dark:text-zinc-300">{t(!forForm && prices.length > 0 ? 'introPrices' : 'intro')}</p>
      {changed > 0 ? <Alert tone="warning">{t('changedCount', { count: changed })}</Alert> : null}
      {review.fields.length === 0 ? <p>{t('nothing')}</p> : null}
      <ul className="space-y-3">
        {review.fields.map((f) => (
          <FieldChoice
            key={f.field}
            field={f}
            label={label(f.field)}
            offered={offered(f)}
            inForm={props.fields.includes(f.field) || restorablePrice(f)}
            elsewhere={f.lines ? `/${props.type}/${props.id}?restore=${review.changeId}` : null}
            checked={chosen.has(f.field)}
            onChange={(on) =>
              setChosen((s) => {
                const next = new Set(s);
                if (on) next.add(f.field);
                else next.delete(f.field);
                return next;
              })
            }
            show={(value) => shown(value, f.field, formatValue, t('empty'))}
            when={when}
          />
        ))}
      </ul>
      {forForm ? (
        <p role="status" className="font-medium">
          {inForm > 0 ? t('inForm', { count: inForm }) : t('noneInForm')}
        </p>
      ) : null}
      {prices.length > 0 && (props.type === 'skus' || props.type === 'bundles') ? (
        <PriceRestore
          type={props.type}
          id={props.id}
          change={review.changeId}
          fields={prices.filter((f) => chosen.has(f.field))}
          labels={Object.fromEntries(prices.map((f) => [f.field, label(f.field)]))}
          format={showValue}
          reviewRef={props.reviewPrices}
        />
      ) : null}
    </div>
  );
}

function shown(
  value: HistoryValue | null | undefined,
  field: string,
  formatValue: RestorePanelProps['formatValue'],
  empty: string,
): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'object') return JSON.stringify(value);
  return formatValue?.(field, value) ?? String(value);
}

function FieldChoice({
  field: f,
  label,
  offered,
  inForm,
  elsewhere,
  checked,
  onChange,
  show,
  when,
}: {
  field: RestoreField;
  label: string;
  offered: boolean;
  inForm: boolean;
  /** Where a field edited outside this form is restored (a bundle's recipe: its editor on the bundle's page). */
  elsewhere: string | null;
  checked: boolean;
  onChange: (on: boolean) => void;
  show: (value: HistoryValue | null) => string;
  when: (at: string) => string;
}) {
  const t = useTranslations('records.restore');
  const noteId = useId();
  const by = f.changedBy ? f.changedBy.email || t('outsideWho') : null;
  const note =
    f.state === 'beforeUnknown'
      ? t('beforeUnknown')
      : f.state === 'referenceGone'
        ? t('categoryGone', { path: f.names?.before ?? show(f.before) })
        : holdsEarlier(f)
          ? t('holdsEarlier')
          : f.prices && !inForm && f.value === null
            ? t('priceNoneBefore')
            : !inForm
              ? f.lines
                ? t('recipeElsewhere')
                : t('notInForm')
              : f.state === 'changedSince'
                ? by && f.changedBy
                  ? t('changedSince', { who: by, when: when(f.changedBy.at), value: f.names?.now ?? show(f.now) })
                  : t('changedSinceNoWho', { value: f.names?.now ?? show(f.now) })
                : null;
  const recipe = f.lines ? (
    <ul className="ms-6 list-disc">
      {f.lines.map((line, n) => (
        <li key={n}>
          {line.liveSkuId === null
            ? t('lineGone', { sku: [line.code, line.name].filter(Boolean).join(' ') || '?', quantity: line.quantity })
            : t('line', { sku: [line.code, line.name].filter(Boolean).join(' '), quantity: line.quantity })}
        </li>
      ))}
    </ul>
  ) : null;
  return (
    <li className="space-y-1 rounded border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <Checkbox
        label={label}
        checked={checked && offered}
        disabled={!offered}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={note ? noteId : undefined}
      />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 ps-6 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-zinc-600 dark:text-zinc-400">{t('before')}</dt>
        <dd className="break-words">
          {f.state === 'beforeUnknown' ? t('notRead') : (f.names?.before ?? show(f.before))}
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t('now')}</dt>
        <dd className="break-words">{f.names?.now ?? show(f.now)}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t('after')}</dt>
        <dd className="break-words">{f.names?.after ?? show(f.after)}</dd>
      </dl>
      {recipe}
      {note ? (
        <p
          id={noteId}
          className={
            f.state === 'changedSince'
              ? 'ps-6 text-amber-800 dark:text-amber-300'
              : 'ps-6 text-zinc-600 dark:text-zinc-400'
          }
        >
          {note}
        </p>
      ) : null}
      {elsewhere && !inForm && f.state !== 'beforeUnknown' ? (
        <Link href={elsewhere} className="ps-6 text-blue-700 underline underline-offset-2 dark:text-blue-400">
          {t('recipeLink')}
        </Link>
      ) : null}
    </li>
  );
}
