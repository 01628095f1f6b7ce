'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button, Checkbox, cn, focusRing } from '@/components/ui';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import type { RejectionCause, RejectionRow, RejectionSync } from '@/lib/contract/console/rejection-types';
import { causeSentence, errorSentence, sentValue, type RejectionWords } from '@/lib/i18n/rejection-words';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { plainSpaces } from '@/lib/i18n/formats';

/** Which rows a person has ticked, by rejection id. */
export interface Selection {
  has(id: string): boolean;
  set(ids: readonly string[], on: boolean): void;
}

/** A rejection's words in the person's language: causes, each error's sentence with its limit, field labels. */
export function useRejectionWords(): RejectionWords {
  const t = useTranslations('rejections');
  const ti = useTranslations('imports');
  const tv = useTranslations('valueIssues');
  const errorText = useErrorMessage();
  return {
    t,
    errorText,
    label: (field) => (ti.has(`fields.${field}`) ? ti(`fields.${field}`) : field),
    value: (expect, params) => tv(expect, params),
  };
}

function StateText({ row }: { row: RejectionRow }) {
  const t = useTranslations('rejections');
  const format = useFormatter();
  if (!row.closedHow) return <>{t('closed.open')}</>;
  const how = t(`closed.${row.closedHow}`, { note: row.note ?? '' });
  const at = row.closedAt ? plainSpaces(format.dateTime(new Date(row.closedAt), 'dateTime')) : '';
  return (
    <>
      {t('closedBy', { how, at })}
      {row.closedBy ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{row.closedBy}</span> : null}
    </>
  );
}

function SyncTable({ sync, selection, open }: { sync: RejectionSync; selection: Selection; open: boolean }) {
  const t = useTranslations('rejections');
  const format = useFormatter();
  const words = useRejectionWords();
  const at = plainSpaces(format.dateTime(new Date(sync.receivedAt), 'dateTimeSeconds'));
  const heading =
    sync.source === 'upload'
      ? t('syncUpload', { at })
      : sync.source === 'paste'
        ? t('syncPaste', { at })
        : t('syncHeading', { at, client: sync.clientId || t('noClient') });
  const ids = sync.rows.map((r) => r.id);
  const all = ids.every((id) => selection.has(id));
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold">{heading}</h3>
        {open ? (
          <Checkbox label={t('selectSync')} checked={all} onChange={(e) => selection.set(ids, e.target.checked)} />
        ) : null}
      </div>
      <Table caption={t('syncCaption')} variant="plain">
        <THead
          columns={[
            ...(open ? [t('selectColumn')] : []),
            t('record'),
            t('item'),
            t('field'),
            t('valueSent'),
            t('errorColumn'),
            t('status'),
          ]}
        />
        <TBody>
          {sync.rows.map((row) => {
            const record = row.recordKey || t('noRecordKey');
            // One line per error; the record, its index and its state span them all.
            const span = Math.max(row.errors.length, 1);
            return row.errors.map((error, k) => (
              <Tr key={`${row.id}-${k}`}>
                {k === 0 && open ? (
                  <Td rowSpan={span}>
                    <Checkbox
                      aria-label={t('selectRow', { record })}
                      checked={selection.has(row.id)}
                      onChange={(e) => selection.set([row.id], e.target.checked)}
                    />
                  </Td>
                ) : null}
                {k === 0 ? (
                  <>
                    <Td rowSpan={span} className="font-mono break-all">
                      {record}
                    </Td>
                    <Td rowSpan={span} className="tabular-nums">
                      {format.number(row.itemIndex)}
                    </Td>
                  </>
                ) : null}
                <Td>{error.field ? words.label(error.field) : t('wholeRecord')}</Td>
                <Td className="max-w-80 font-mono [overflow-wrap:anywhere]">
                  {error.field ? sentValue(t, error.value) : ''}
                </Td>
                <Td className="max-w-96">{errorSentence(words, error)}</Td>
                {k === 0 ? (
                  <Td rowSpan={span}>
                    <StateText row={row} />
                  </Td>
                ) : null}
              </Tr>
            ));
          })}
        </TBody>
      </Table>
    </div>
  );
}

/** One cause: its sentence and count, "Fix and resend" for all its rows, and its syncs and records below. */
export function CauseGroup({
  cause,
  open,
  selection,
  onFix,
  busy,
}: {
  cause: RejectionCause;
  /** Open rows can be fixed and selected; closed ones are shown as they closed. */
  open: boolean;
  selection: Selection;
  onFix: (ids: string[]) => void;
  busy: boolean;
}) {
  const t = useTranslations('rejections');
  const ti = useTranslations('imports');
  const format = useFormatter();
  const words = useRejectionWords();
  const headingId = `cause-${cause.key.replace(/[^\w-]/g, '_')}`;
  const ids = cause.syncs.flatMap((s) => s.rows.map((r) => r.id));
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{ti(`families.${cause.family}`)}</p>
      <h2 id={headingId} className="text-base font-semibold">
        {causeSentence(words, cause.example)}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('causeCount', {
            count: cause.count,
            syncs: cause.syncs.length,
            at: plainSpaces(format.dateTime(new Date(cause.newestAt), 'dateTime')),
          })}
        </p>
        {open ? (
          <Button size="sm" onClick={() => onFix(ids)} disabled={busy}>
            {t('fixGroup', { count: ids.length })}
          </Button>
        ) : null}
      </div>
      <details className="group">
        <summary className={cn('cursor-pointer text-sm font-medium text-blue-800 dark:text-blue-300', focusRing)}>
          {t('showSyncs')}
        </summary>
        <div className="mt-3 space-y-4">
          {cause.syncs.map((sync) => (
            <SyncTable key={sync.callId} sync={sync} selection={selection} open={open} />
          ))}
        </div>
      </details>
    </section>
  );
}
