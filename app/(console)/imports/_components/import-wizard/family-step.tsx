'use client';

import { useTranslations } from 'next-intl';
import type { Dispatch } from 'react';
import { Button, Field, Select, SelectOptions } from '@/components/ui';
import { saveFile } from '@/lib/client/download';
import { FAMILY_COLUMNS, FAMILY_NAMES, isFamilyName, templateRows } from '@/lib/imports/family-columns';
import type { WizardAction, WizardState } from './reducer';

/** Step 1: what the file imports into, and its template. */
export function FamilyStep({
  state,
  dispatch,
  labels,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  labels: Record<string, string>;
}) {
  const t = useTranslations('imports');
  const { family } = state;
  const fam = family ? FAMILY_COLUMNS[family] : null;

  async function downloadTemplate() {
    if (!fam) return;
    // The CSV writer (papaparse) loads with the first download, not with the page.
    const { csvFileName, toCsv } = await import('@/lib/files/csv-write');
    const { headers, example } = templateRows(fam);
    // Headers in the reader's words, as every export writes them; the import maps them back through the same labels.
    const names = headers.map((h) => labels[h] ?? h);
    saveFile(
      toCsv(
        [example],
        names.map((header, i) => ({ header, value: (row: string[]) => row[i] ?? '' })),
      ),
      csvFileName(`${fam.name}-template`),
    );
  }

  return (
    <section className="space-y-3">
      <Field label={t('importInto')} description={family ? t(`familyHelp.${family}`) : undefined}>
        <Select
          value={family}
          onChange={(e) => {
            const value = e.target.value;
            dispatch({ type: 'familyChosen', family: isFamilyName(value) ? value : '' });
          }}
        >
          <option value="">{t('chooseFamily')}</option>
          <SelectOptions options={FAMILY_NAMES.map((f) => ({ value: f, label: t(`families.${f}`) }))} />
        </Select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void downloadTemplate()} disabled={!fam}>
          {t('downloadTemplate')}
        </Button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('templateHelp')}</span>
      </div>
    </section>
  );
}
