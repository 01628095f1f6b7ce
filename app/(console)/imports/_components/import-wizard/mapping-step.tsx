'use client';

import { useTranslations } from 'next-intl';
import type { Dispatch } from 'react';
import { Alert, Button, Checkbox, HeadedSection, Select, SelectOptions, Th } from '@/components/ui';
import type { FamilyColumns } from '@/lib/imports/family-columns';
import { missingColumns, unusedColumns, type Mapping } from '@/lib/imports/mapping';
import type { PreviewResult } from '@/lib/client/imports/worker-protocol';
import type { WizardAction, WizardState } from './reducer';
import { useImportTexts } from './texts';
import { useSeparators } from '@/lib/i18n/use-separators';

export interface MappingStepProps {
  state: WizardState;
  family: FamilyColumns;
  preview: PreviewResult;
  mapping: Mapping;
  labels: Record<string, string>;
  setMapping: (mapping: Mapping) => void;
  dispatch: Dispatch<WizardAction>;
  canCheck: boolean;
  onCheck: () => void;
}

/** Step 3: which field each column of the file fills, then "Check rows". */
/** The names of the unknown columns the user must agree to leave out before the check ('' when there are none). */
export function unknownColumnsKey(headers: readonly string[], family: FamilyColumns, mapping: Mapping): string {
  return unusedColumns(headers, family, mapping)
    .unknown.map((i) => `${i}:${headers[i]}`)
    .join('\n');
}

export function MappingStep({
  state,
  family,
  preview,
  mapping,
  labels,
  setMapping,
  dispatch,
  canCheck,
  onCheck,
}: MappingStepProps) {
  const t = useTranslations('imports');
  const marks = useSeparators();
  const { fieldLabel } = useImportTexts();
  const busy = state.phase !== 'idle';
  const missing = missingColumns(family, mapping);
  const unused = unusedColumns(preview.headers, family, mapping);
  const name = (i: number) => preview.headers[i]?.trim() || t('unnamedColumn', { number: i + 1 });
  const unknownKey = unknownColumnsKey(preview.headers, family, mapping);

  return (
    <HeadedSection id="mapping-heading" title={t('mapping')} className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('mappingHelp')}</p>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('mappingCaption')}</caption>
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <Th className="px-3 py-2 font-medium">{t('fileColumn')}</Th>
              <Th className="px-3 py-2 font-medium">{t('sample')}</Th>
              <Th className="px-3 py-2 font-medium">{t('fillsField')}</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {preview.headers.map((header, i) => (
              <tr key={i}>
                {/* The file's own header and first value, quoted as the person's file has them (data-quoted). */}
                <th scope="row" className="px-3 py-1.5 font-normal" data-quoted>
                  {header}
                </th>
                <td className="px-3 py-1.5 text-zinc-600 dark:text-zinc-400" data-quoted>
                  {preview.rows[0]?.[i] ?? ''}
                </td>
                <td className="px-3 py-1.5">
                  {/* Wide enough for a field's name on a phone: the table scrolls inside its frame instead. */}
                  <Select
                    className="min-w-40"
                    aria-label={t('fieldFor', { column: header })}
                    value={mapping[i] ?? ''}
                    disabled={busy}
                    onChange={(e) => {
                      const value = e.target.value || null;
                      setMapping(mapping.map((f, j) => (j === i ? value : f === value ? null : f)));
                    }}
                  >
                    <option value="">{t('ignore')}</option>
                    {/* The field in the reader's words only: an API name is no word of theirs (issue 54 point 4). */}
                    <SelectOptions
                      options={family.fields.map((f) => ({
                        value: f.name,
                        label: labels[f.name] ?? fieldLabel(f.name),
                      }))}
                    />
                  </Select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {unused.onPurpose.length ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('onPurpose', { names: unused.onPurpose.map(name).join(marks.list) })}
        </p>
      ) : null}
      {unused.unknown.length ? (
        <Alert tone="warning" title={t('unusedTitle')}>
          <ul className="my-1 list-inside list-disc">
            {unused.unknown.map((i) => (
              <li key={i}>{name(i)}</li>
            ))}
          </ul>
          <p>{t('unusedHelp')}</p>
          <div className="mt-2">
            <Checkbox
              label={t('unusedAcknowledge')}
              checked={state.acknowledged === unknownKey}
              disabled={busy}
              onChange={(e) => dispatch({ type: 'unusedAcknowledged', columns: e.target.checked ? unknownKey : null })}
            />
          </div>
        </Alert>
      ) : null}
      {missing.length ? (
        <Alert tone="warning">{t('missingColumns', { fields: missing.map(fieldLabel).join(marks.list) })}</Alert>
      ) : null}
      <Button onClick={onCheck} disabled={!canCheck} pending={state.phase === 'checking'}>
        {t('checkRows')}
      </Button>
    </HeadedSection>
  );
}
