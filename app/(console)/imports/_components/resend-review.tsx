'use client';

import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { Alert, Button, Checkbox } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import { compareRows, failsPredicted } from '@/lib/client/imports/compare-rows';
import type { PredictedKind } from '@/lib/contract/console/import-files';
import type { FamilyName } from '@/lib/imports/families';
import { CompareSummary } from './compare-summary';
import { useImportTexts } from './import-wizard/texts';

export type ResendRow = { rowNo: number; line: number; cells: string[] };
export type ReviewedRow = {
  rowNo: number;
  cells: string[];
  before?: Record<string, unknown> | null;
  predicted?: PredictedKind;
};

/**
 * "Resend failed rows" reviewed as an import is: the chosen rows, compared with the live records by default
 * (counts per outcome, the rows listed), then sent. Rows the comparison says the service would refuse stay
 * in the grid, unsent. Nothing leaves before "Send".
 */
export function ResendReview(props: {
  family: FamilyName;
  mapping: (string | null)[];
  rows: ResendRow[];
  sending: boolean;
  onSend: (rows: ReviewedRow[]) => void;
  onBack: () => void;
}) {
  const t = useTranslations('workbench');
  const errorText = useErrorMessage();
  const { fieldLabel, issueText } = useImportTexts();
  const [compare, setCompare] = useState(true);
  const { family, mapping, rows } = props;
  // Read once per review (no refetch): the rows are sent as they were compared.
  const comparison = useQuery({
    queryKey: ['imports', 'resend-review', family, mapping, rows],
    queryFn: () =>
      compareRows(
        family,
        mapping,
        rows.map((r) => ({ line: r.line, cells: r.cells, held: false })),
      ),
    enabled: compare,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const compared = comparison.data ?? null;
  const failure = comparison.error
    ? comparison.error instanceof ApiError
      ? comparison.error.code
      : 'network_error'
    : null;

  const predictions = compare ? compared?.predictions : null;
  const toSend: ReviewedRow[] = rows.flatMap((r, i) => {
    const p = predictions?.[i];
    if (p && failsPredicted(p.kind)) return [];
    return [
      {
        rowNo: r.rowNo,
        cells: r.cells,
        ...(p?.before ? { before: p.before } : {}),
        ...(p ? { predicted: p.kind as PredictedKind } : {}),
      },
    ];
  });
  const held = rows.length - toSend.length;
  const waiting = compare && !compared && !failure;

  return (
    <section
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby="resend-review-heading"
    >
      <h3 id="resend-review-heading" className="text-base font-semibold">
        {t('reviewTitle')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('reviewHelp')}</p>
      <p className="text-sm">{t('reviewCount', { count: rows.length })}</p>
      <Checkbox label={t('reviewCompare')} checked={compare} onChange={(e) => setCompare(e.target.checked)} />
      {waiting ? <p role="status">{t('reviewComparing')}</p> : null}
      {failure && compare ? <Alert tone="error">{t('compareFailed', { reason: errorText(failure) })}</Alert> : null}
      {compare && compared ? (
        <CompareSummary result={compared.result} fieldLabel={fieldLabel} issueText={issueText} />
      ) : null}
      {held > 0 ? <Alert tone="warning">{t('reviewHeld', { count: held })}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => props.onSend(toSend)}
          pending={props.sending}
          disabled={waiting || (compare && !!failure) || toSend.length === 0}
        >
          {t('reviewSend', { count: toSend.length })}
        </Button>
        <Button variant="secondary" onClick={props.onBack} disabled={props.sending}>
          {t('reviewBack')}
        </Button>
      </div>
    </section>
  );
}
