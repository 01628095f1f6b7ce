'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { Checkbox, HeadedSection } from '@/components/ui';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import type { RevertKind, RevertRow, RevertReview as Review } from '@/lib/contract/console/reverts';
import type { HistoryValue } from '@/lib/contract/history';
import { resultWord } from '@/lib/contract/result-words';
import { plainSpaces } from '@/lib/i18n/formats';
import { FAMILIES } from '@/lib/imports/families';
import { useMoney } from '@/lib/i18n/use-money';
import { useImportTexts } from './import-wizard/texts';

// One kind of row of a revert's review (./revert-review.tsx): its table, each row's fields before, imported and now.

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

export function KindSection(props: {
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
