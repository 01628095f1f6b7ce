'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Alert, Button } from '@/components/ui';
import type { DraftComponent } from '@/lib/client/bundles/recipe';
import type { RestoreReview } from '@/lib/contract/console/restores';
import { plainSpaces } from '@/lib/i18n/formats';

/** The earlier recipe of a restore review, as the editor's draft: the lines whose code a live SKU still has. */
export function restoredRows(review: RestoreReview | undefined): DraftComponent[] | null {
  const recipe = review?.fields.find((f) => f.field === 'components' && f.state !== 'beforeUnknown');
  if (!recipe?.lines) return null;
  return recipe.lines
    .filter((l) => l.liveSkuId !== null)
    .map((l) => ({ skuId: l.liveSkuId!, code: l.code, name: l.name, quantity: String(l.quantity) }));
}

/**
 * "Restore earlier values" of a recipe (issue 56 point 2): the recipe before the History entry, by code; a
 * component no SKU has the code of any more is shown and left out. Opening it puts it in the recipe editor, whose
 * save names the entry it restores.
 */
export function RecipeRestore({ review, onOpen }: { review: RestoreReview; onOpen: () => void }) {
  const t = useTranslations('records.restore');
  const format = useFormatter();
  const recipe = review.fields.find((f) => f.field === 'components');
  if (!recipe) return null;
  const who = review.userEmail || (review.source === 'outside' ? t('outsideWho') : t('checksWho'));
  const sku = (l: { code: string | null; name: string | null }) => [l.code, l.name].filter(Boolean).join(' ') || '?';
  return (
    <Alert tone="info" title={t('recipeTitle')} role={undefined}>
      <p>{t('from', { when: plainSpaces(format.dateTime(new Date(review.at), 'dateTime')), who })}</p>
      {recipe.state === 'beforeUnknown' ? (
        <p>{t('beforeUnknown')}</p>
      ) : (
        <>
          {recipe.state === 'changedSince' ? <p role="alert">{t('recipeChangedSince')}</p> : null}
          <ul className="my-2 ms-5 list-disc">
            {(recipe.lines ?? []).map((l, n) => (
              <li key={n}>
                {l.liveSkuId === null
                  ? t('lineGone', { sku: sku(l), quantity: l.quantity })
                  : t('line', { sku: sku(l), quantity: l.quantity })}
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={onOpen}>
            {t('recipeOpen')}
          </Button>
        </>
      )}
    </Alert>
  );
}
