'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Checkbox } from '@/components/ui';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { usePhone } from '@/components/record/use-phone';
import type { RejectionRow, RejectionSync } from '@/lib/contract/console/rejection-types';
import { errorSentence, sentValue, type RejectionWords } from '@/lib/i18n/rejection-words';
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

/**
 * The same rows on a phone, a card per item: its code, index and state, then each error's field, the value sent
 * and the error. As a table of seven columns in 358 px every column was a word wide and headers broke inside words.
 */
function SyncCards({ sync, selection, open }: { sync: RejectionSync; selection: Selection; open: boolean }) {
  const t = useTranslations('rejections');
  const format = useFormatter();
  const words = useRejectionWords();
  return (
    <ul aria-label={t('syncCaption')} className="space-y-2">
      {sync.rows.map((row) => {
        const record = row.recordKey || t('noRecordKey');
        return (
          <li key={row.id} className="space-y-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
            <div className="flex items-start gap-2">
              {open ? (
                <Checkbox
                  aria-label={t('selectRow', { record })}
                  checked={selection.has(row.id)}
                  onChange={(e) => selection.set([row.id], e.target.checked)}
                />
              ) : null}
              <div className="min-w-0">
                <p className="font-mono font-medium [overflow-wrap:anywhere]">{record}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t('item')} {format.number(row.itemIndex)} · <StateText row={row} />
                </p>
              </div>
            </div>
            {row.errors.map((error, k) => (
              <dl
                key={k}
                className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-zinc-100 pt-2 dark:border-zinc-800"
              >
                <dt className="text-zinc-600 dark:text-zinc-400">{t('field')}</dt>
                <dd className="font-medium">{error.field ? words.label(error.field) : t('wholeRecord')}</dd>
                {error.field ? (
                  <>
                    <dt className="text-zinc-600 dark:text-zinc-400">{t('valueSent')}</dt>
                    <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">{sentValue(t, error.value)}</dd>
                  </>
                ) : null}
                <dt className="text-zinc-600 dark:text-zinc-400">{t('errorColumn')}</dt>
                <dd className="min-w-0">{errorSentence(words, error)}</dd>
              </dl>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/** A sync's rows: a table at a desk, cards on a phone (the rows arrive after hydration, so the first paint holds). */
export function SyncRows(props: { sync: RejectionSync; selection: Selection; open: boolean }) {
  return usePhone() ? <SyncCards {...props} /> : <SyncTable {...props} />;
}
