'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, Checkbox, HeadedSection } from '@/components/ui';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { ApiError } from '@/lib/client/api-error';
import { consoleFetch } from '@/lib/client/console-fetch';
import { importKeys } from '@/lib/client/console-keys';
import {
  REVERT_KINDS,
  revertsApi,
  type RevertKind,
  type RevertRow,
  type RevertReview as Review,
} from '@/lib/contract/console/reverts';
import type { HistoryValue } from '@/lib/contract/history';
import { resultWord } from '@/lib/contract/result-words';
import { plainSpaces } from '@/lib/i18n/formats';
import { FAMILIES } from '@/lib/imports/families';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { useMoney } from '@/lib/i18n/use-money';
import { useImportTexts } from './import-wizard/texts';

/** The rows changed since first: they are the ones a person has to decide on. */
const SECTION_ORDER: readonly RevertKind[] = ['changedSince', 'restore', 'created', 'notApplied', 'noBefore'];

/** Words that name what is reverted: a bulk edit reads as one, never as an import. */
const isBulk = (origin: string | undefined) => origin === 'bulk';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'network_error');

/** The fields shown as money (NT$, the screens' one format), per family; other numbers as they are. */
const MONEY_FIELDS: Partial<Record<Review['family'], readonly string[]>> = {
  creditQuotas: ['creditAmount'],
  prices: ['price', 'sellPrice'],
  bundlePrices: ['price', 'sellPrice'],
};

/** A value as the review shows it: money as money, a switch as On or Off, nothing as a dash. */
function useShown(family: Review['family']) {
  const t = useTranslations('imports.revert');
  const money = useMoney();
  return (field: string, value: HistoryValue | null | undefined) => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'number' && MONEY_FIELDS[family]?.includes(field)) return money(value);
    if (typeof value === 'boolean') return t(value ? 'valueOn' : 'valueOff');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/**
 * "Revert this import" (issue 56): what the revert would restore, read live when the page opens; what changed
 * since (not selected), what the import created (left as it is), what it never applied; for a quota import,
 * which rows the approval policy will hold as proposals. Nothing is sent until "Restore"; the revert then runs
 * as an import of its own, whose results page this hands over to. `origin`: a bulk edit's page says so.
 */
export function RevertReview({ id, origin }: { id: string; origin?: string }) {
  const t = useTranslations('imports.revert');
  const ti = useTranslations('imports');
  const errorText = useErrorMessage();
  const router = useRouter();
  const queryClient = useQueryClient();
  // Rows whose choice differs from the review's default: restore rows left out, changed rows chosen.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(new Set());
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const review = useQuery({
    queryKey: [...importKeys.detail(id), 'revert'],
    queryFn: ({ signal }) => consoleFetch(revertsApi.review, { params: { id }, signal }),
    staleTime: Infinity,
    retry: false,
  });

  const bulk = isBulk(review.data?.origin ?? origin);
  const header = (
    <header className="space-y-1">
      <p>
        <Link href={`/imports/${id}`} className="text-sm underline">
          {bulk ? t('bulkTitle', { id }) : ti('importTitle', { id })}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t(bulk ? 'titleBulk' : 'title', { id })}</h1>
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t(bulk ? 'introBulk' : 'intro')}</p>
    </header>
  );
  if (review.isError)
    return (
      <div className="space-y-4">
        {header}
        <Alert tone="error">{t('readFailed', { reason: errorText(codeOf(review.error)) })}</Alert>
      </div>
    );
  if (!review.data)
    return (
      <div className="space-y-4">
        {header}
        <p role="status">{t('reading')}</p>
      </div>
    );

  const data = review.data;
  const chosen = (row: RevertRow) => (flipped.has(row.recordId) ? !row.selected : row.selected);
  const selectedCount =
    data.counts.restore -
    data.rows.filter((r) => r.kind === 'restore' && flipped.has(r.recordId)).length +
    data.rows.filter((r) => r.kind === 'changedSince' && flipped.has(r.recordId)).length;
  // Rows the approval policy will hold, as chosen now: a held row left out no longer waits.
  const waiting = data.rows.reduce(
    (n, r) => (r.waitsForApproval && flipped.has(r.recordId) ? n + (r.selected ? -1 : 1) : n),
    data.waitsForApproval,
  );
  const toggle = (recordId: string) =>
    setFlipped((prev) => {
      const next = new Set(prev);
      if (next.has(recordId)) next.delete(recordId);
      else next.add(recordId);
      return next;
    });

  async function start() {
    setStarting(true);
    setStartError(null);
    const picked = data.rows.filter((r) => flipped.has(r.recordId));
    try {
      const started = await consoleFetch(revertsApi.start, {
        params: { id },
        body: {
          include: picked.filter((r) => r.kind === 'changedSince').map((r) => r.recordId),
          exclude: picked.filter((r) => r.kind === 'restore').map((r) => r.recordId),
        },
      });
      await queryClient.invalidateQueries({ queryKey: importKeys.lists() });
      router.push(`/imports/${started.id}`);
    } catch (error) {
      setStartError(errorText(codeOf(error)));
      setStarting(false);
    }
  }

  return (
    <div className="space-y-6">
      {header}
      <p className="text-sm">
        {t('of', { family: ti(`families.${data.family}`), file: data.fileName })}
        {data.revertsImportId ? (
          <>
            {' · '}
            <Link href={`/imports/${data.revertsImportId}`} className="underline">
              {t('revertsImport', { id: data.revertsImportId })}
            </Link>
          </>
        ) : null}
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t('countsLabel')}>
        {REVERT_KINDS.filter((kind) => kind === 'restore' || data.counts[kind] > 0).map((kind) => (
          <li key={kind}>{t(`counts.${kind}`, { count: data.counts[kind] })}</li>
        ))}
      </ul>
      {waiting > 0 ? <Alert tone="info">{t('waitsCount', { count: waiting })}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={start} pending={starting} disabled={selectedCount === 0}>
          {t('confirm', { count: selectedCount })}
        </Button>
        <span className="text-xs">{t('confirmHelp')}</span>
      </div>
      {startError ? <Alert tone="error">{t('startFailed', { reason: startError })}</Alert> : null}
      {SECTION_ORDER.filter((kind) => data.counts[kind] > 0).map((kind) => (
        <KindSection
          key={kind}
          kind={kind}
          family={data.family}
          source={t(bulk ? 'sourceBulk' : 'sourceImport')}
          bulk={bulk}
          rows={data.rows.filter((r) => r.kind === kind)}
          count={data.counts[kind]}
          chosen={chosen}
          onToggle={toggle}
        />
      ))}
    </div>
  );
}

function KindSection(props: {
  kind: RevertKind;
  family: Review['family'];
  /** "import" or "bulk edit", inside the section's sentences. */
  source: string;
  bulk: boolean;
  rows: RevertRow[];
  count: number;
  chosen: (row: RevertRow) => boolean;
  onToggle: (recordId: string) => void;
}) {
  const t = useTranslations('imports.revert');
  const tr = useTranslations('resultWords');
  const { fieldLabel, list } = useImportTexts();
  const shown = useShown(props.family);
  const { kind, rows } = props;
  const selectable = kind === 'restore' || kind === 'changedSince';
  const withFields = selectable;
  const recordPath = FAMILIES[props.family].recordPath;
  const source = { source: props.source };
  // A quota's rows say which the approval policy will hold (decided again when the revert sends them).
  const approval = selectable && rows.some((r) => r.waitsForApproval !== undefined);
  return (
    <HeadedSection id={`revert-${kind}`} title={t(`sections.${kind}`, source)} className="space-y-2">
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t(`help.${kind}`, source)}</p>
      {rows.length < props.count ? (
        <p className="text-xs">{t('shownOf', { shown: rows.length, count: props.count })}</p>
      ) : null}
      <Table caption={t(`sections.${kind}`, source)}>
        <THead>
          <Tr>
            {selectable ? <Th className="w-24">{t('columns.restore')}</Th> : null}
            <Th>{t('columns.record')}</Th>
            {withFields ? (
              <>
                <Th>{t('columns.field')}</Th>
                <Th>{t(props.bulk ? 'columns.importedBulk' : 'columns.imported')}</Th>
                <Th>{t('columns.before', source)}</Th>
                <Th>{t('columns.now')}</Th>
              </>
            ) : null}
            {approval ? <Th>{t('columns.approval')}</Th> : null}
            {kind === 'changedSince' ? <Th>{t('columns.changedBy')}</Th> : null}
            {kind === 'notApplied' ? <Th>{t('columns.outcome')}</Th> : null}
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => {
            // A quota's company History knows only by its ERP code (`code:<code>`) is named by that code alone.
            const id = /^[0-9]+$/.test(row.recordId) ? row.recordId : null;
            const byCode = row.recordId.startsWith('code:') ? row.recordId.slice(5) : null;
            const name = id
              ? row.code
                ? `${row.code} (${id})`
                : id
              : (row.code ?? byCode ?? (row.recordId || `#${row.rowNo + 1}`));
            return (
              <Tr key={`${row.rowNo}-${row.recordId}`}>
                {selectable ? (
                  <Td>
                    <Checkbox
                      label={<span className="sr-only">{t('restoreRecord', { record: name })}</span>}
                      checked={props.chosen(row)}
                      onChange={() => props.onToggle(row.recordId)}
                    />
                  </Td>
                ) : null}
                <Td className="whitespace-nowrap">
                  {recordPath && id ? (
                    <Link className="underline" href={recordPath(Number(id))}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </Td>
                {withFields ? (
                  <>
                    <Td>{row.fields.map((f) => fieldLabel(f.field)).join(list)}</Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {row.fields.map((f) => shown(f.field, f.imported)).join(list)}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {row.fields.map((f) => shown(f.field, f.before)).join(list)}
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {row.fields.map((f) => shown(f.field, f.live)).join(list)}
                    </Td>
                  </>
                ) : null}
                {approval ? <Td>{row.waitsForApproval ? t('waits') : t('atOnce')}</Td> : null}
                {kind === 'changedSince' ? (
                  <Td>
                    <ChangedBy row={row} />
                  </Td>
                ) : null}
                {kind === 'notApplied' ? <Td>{row.status ? tr(resultWord(row.status)) : ''}</Td> : null}
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </HeadedSection>
  );
}

function ChangedBy({ row }: { row: RevertRow }) {
  const t = useTranslations('imports.revert');
  const format = useFormatter();
  const by = row.changedBy;
  if (!by) return <>{t('changedByUnseen')}</>;
  const who = by.email ?? t('changedByOutside');
  const when = by.at ? plainSpaces(format.dateTime(new Date(by.at), 'dateTime')) : null;
  return (
    <>
      {who}
      {by.at && when ? (
        <time dateTime={by.at} className="block text-xs">
          {/* No time of its own from History or /v1: only that it came after the import's write. */}
          {by.outside === 'afterImport' ? t('changedByAfter', { when }) : when}
        </time>
      ) : null}
    </>
  );
}
