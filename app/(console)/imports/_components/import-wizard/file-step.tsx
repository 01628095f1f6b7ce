'use client';

import { useTranslations } from 'next-intl';
import { Alert, Field, Input, Select, SelectOptions } from '@/components/ui';
import { DELIMITERS, ENCODINGS, type Delimiter, type Encoding } from '@/lib/contract/console/import-values';
import type { WizardState } from './reducer';
import { useImportTexts } from './texts';

const DELIMITER_NAMES: Record<Delimiter, 'comma' | 'semicolon' | 'tab'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
};

/** Step 2: the file, how it is read (encoding, delimiter) and its first rows. */
export function FileStep({
  state,
  choose,
}: {
  state: WizardState;
  choose: (file: File | null, encoding?: Encoding, delimiter?: Delimiter, sheet?: string) => void;
}) {
  const t = useTranslations('imports');
  const { fileErrorText } = useImportTexts();
  const { preview, phase, file, encoding, delimiter } = state;
  const busy = phase !== 'idle';

  return (
    <section className="space-y-3">
      <Field label={t('csvFile')} description={t('fileHelp')}>
        <Input
          type="file"
          accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          disabled={phase === 'sending'}
        />
      </Field>
      {phase === 'previewing' ? <p role="status">{t('reading')}</p> : null}
      {preview?.error ? <Alert tone="error">{fileErrorText(preview.error)}</Alert> : null}
      {preview?.workbook && preview.workbook.sheets.length > 1 ? (
        <Field label={t('sheet')} description={t('sheetHelp', { count: preview.workbook.sheets.length })}>
          <Select
            value={preview.workbook.sheet}
            onChange={(e) => choose(file, undefined, undefined, e.target.value)}
            disabled={busy}
          >
            <SelectOptions options={preview.workbook.sheets.map((name) => ({ value: name, label: name }))} />
          </Select>
        </Field>
      ) : null}
      {preview && !preview.error ? (
        <>
          {preview.workbook ? null : (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={t('encoding')}
                description={t('encodingHelp', {
                  encoding: t(`encodings.${preview.detected.encoding}`),
                  basis: t(`basis.${preview.detected.basis}`),
                })}
              >
                <Select
                  value={encoding ?? preview.encoding}
                  onChange={(e) => choose(file, e.target.value as Encoding, delimiter ?? undefined)}
                  disabled={busy}
                >
                  <SelectOptions options={ENCODINGS.map((enc) => ({ value: enc, label: t(`encodings.${enc}`) }))} />
                </Select>
              </Field>
              <Field label={t('delimiter')}>
                <Select
                  value={delimiter ?? preview.delimiter}
                  onChange={(e) => choose(file, encoding ?? undefined, e.target.value as Delimiter)}
                  disabled={busy}
                >
                  <SelectOptions
                    options={DELIMITERS.map((d) => ({ value: d, label: t(`delimiters.${DELIMITER_NAMES[d]}`) }))}
                  />
                </Select>
              </Field>
            </div>
          )}
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <caption className="px-3 py-2 text-left font-medium">{t('preview')}</caption>
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  {preview.headers.map((h, i) => (
                    <th key={i} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {preview.rows.map((row, r) => (
                  <tr key={r}>
                    {preview.headers.map((_, i) => (
                      <td key={i} className="px-3 py-1.5">
                        {row[i] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
