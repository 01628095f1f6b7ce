'use client';

import { useTranslations } from 'next-intl';
import { buttonClasses, Field, Input, Select, SelectOptions } from '@/components/ui';
import { REJECTION_STATES, type RejectionFilters, type RejectionsView } from '@/lib/contract/console/rejection-types';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/** The page's filters: a plain GET form, so a filtered view is a link (the URL is the list's state). */
export function RejectionFiltersForm({
  value,
  choices,
}: {
  value: RejectionFilters;
  choices: RejectionsView['choices'] | undefined;
}) {
  const t = useTranslations('rejections');
  const ti = useTranslations('imports');
  const errorText = useErrorMessage();
  const c = choices ?? { families: [], errors: [], clients: [] };
  return (
    <form
      method="get"
      action="/imports/rejections"
      className="flex flex-wrap items-end gap-3"
      aria-label={t('filters')}
    >
      <Field label={t('state')}>
        <Select name="state" defaultValue={value.state ?? 'open'}>
          <SelectOptions options={REJECTION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
        </Select>
      </Field>
      <Field label={t('family')}>
        <Select name="family" defaultValue={value.family ?? ''}>
          <option value="">{t('anyFamily')}</option>
          <SelectOptions options={c.families.map((f) => ({ value: f, label: ti(`families.${f}`) }))} />
        </Select>
      </Field>
      <Field label={t('error')}>
        <Select name="error" defaultValue={value.error ?? ''} className="max-w-72">
          <option value="">{t('anyError')}</option>
          <SelectOptions options={c.errors.map((e) => ({ value: e, label: errorText(e) }))} />
        </Select>
      </Field>
      <Field label={t('client')}>
        <Select name="client" defaultValue={value.client ?? ''}>
          <option value="">{t('anyClient')}</option>
          <SelectOptions options={c.clients.filter(Boolean).map((v) => ({ value: v, label: v }))} />
        </Select>
      </Field>
      <Field label={t('from')}>
        <Input type="date" name="from" defaultValue={value.from ?? ''} />
      </Field>
      <Field label={t('to')}>
        <Input type="date" name="to" defaultValue={value.to ?? ''} />
      </Field>
      <button type="submit" className={buttonClasses('secondary')}>
        {t('apply')}
      </button>
    </form>
  );
}
