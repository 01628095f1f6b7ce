'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, Dialog, Field, Input, Select } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import type { RowIssue } from '@/lib/imports/check';
import { describeIssue } from '@/lib/imports/describe';
import type { FamilyName } from '@/lib/imports/families';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

/**
 * "Bulk edit" on a list: one field set to one value on the chosen rows (this page's ticked rows, or every
 * row matching the filters), reviewed old → new per row, then sent as an import of the field's family
 * (companies, products, SKUs, SKU prices, SKU stock), so it runs on the job runtime and ends on the same
 * results page, with attempts and an error file. Rows whose value already is the new one are left out.
 */

export interface BulkField<Row> {
  /** The API field written. */
  name: string;
  label: string;
  /** The import family that writes it, and the column that names the record there. */
  family: FamilyName;
  idField: 'id' | 'skuId';
  current: (row: Row) => unknown;
}

/** Fields of one family written as they are, each labelled with the family's `fields.<name>` words. */
export function bulkFields<Row>(
  t: (key: string) => string,
  family: FamilyName,
  idField: BulkField<Row>['idField'],
  names: readonly (keyof Row & string)[],
): BulkField<Row>[] {
  return names.map((name) => ({ name, label: t(`fields.${name}`), family, idField, current: (row: Row) => row[name] }));
}

type Review<Row> = { row: Row; old: unknown; next: string; errors: RowIssue[] }[];

const same = (old: unknown, next: string) =>
  typeof old === 'number' ? next.trim() !== '' && Number(next) === old : String(old ?? '') === next;

export function BulkEdit<Row extends { id: number; outerSysCode: string | null; name?: string | null }>(props: {
  fields: BulkField<Row>[];
  selected: Row[];
  /** Every row matching the list's current filters (all pages). */
  fetchAllMatching: () => Promise<Row[]>;
  onClear: () => void;
}) {
  const t = useTranslations('workbench');
  const ti = useTranslations('imports');
  const tv = useTranslations('valueIssues');
  const errorText = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'selected' | 'all'>('selected');
  const [fieldName, setFieldName] = useState(props.fields[0]?.name ?? '');
  const [value, setValue] = useState('');
  const [review, setReview] = useState<Review<Row> | null>(null);
  const [busy, setBusy] = useState<'review' | 'send' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = props.fields.find((f) => f.name === fieldName) ?? props.fields[0]!;

  const issueText = (issue: RowIssue) =>
    describeIssue(issue, {
      own: (code, params) => ti(`issues.${code}`, params),
      service: errorText,
      // The field is the one being edited, named in the dialog: the sentence quotes its label too.
      value: (expect, params) => tv(expect as 'number', { ...params, field: field.label } as { field: string }),
    });

  function close() {
    setOpen(false);
    setReview(null);
    setFailure(null);
  }

  async function makeReview() {
    setFailure(null);
    setBusy('review');
    try {
      const rows = scope === 'all' ? await props.fetchAllMatching() : props.selected;
      const headers = [field.idField, field.name];
      // The import check and every family's rules load when a review is asked for, not with the list page.
      const [{ checkRows }, { FAMILIES }] = await Promise.all([
        import('@/lib/imports/check'),
        import('@/lib/imports/families'),
      ]);
      const checked = checkRows(
        FAMILIES[field.family],
        headers,
        headers,
        rows.map((row, i) => ({ line: i + 1, cells: [String(row.id), value] })),
      ).rows;
      setReview(rows.map((row, i) => ({ row, old: field.current(row), next: value, errors: checked[i]!.errors })));
    } catch {
      setFailure('load_failed');
    } finally {
      setBusy(null);
    }
  }

  const changes = review?.filter((r) => !same(r.old, r.next)) ?? [];
  const invalid = changes.filter((r) => r.errors.length > 0);

  async function send() {
    setFailure(null);
    setBusy('send');
    try {
      const headers = [field.idField, field.name];
      const { importRows } = await import('@/lib/client/imports/from-rows');
      const id = await importRows({
        family: field.family,
        fileName: t('bulkFileName', { field: field.label, count: changes.length }),
        headers,
        mapping: headers,
        rows: changes.map((r, i) => ({
          line: i + 1,
          cells: [String(r.row.id), r.next],
          before: { [field.name]: (r.old ?? null) as unknown },
        })),
        origin: 'bulk',
      });
      props.onClear();
      router.push(`/imports/${id}`);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.code : 'network_error');
      setBusy(null);
    }
  }

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('bulkEdit')}
        {props.selected.length ? ` (${props.selected.length})` : ''}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        className="w-[min(56rem,calc(100vw-2rem))]"
        title={t('bulkEdit')}
        description={t('bulkHelp')}
        footer={
          review ? (
            <>
              <Button variant="secondary" onClick={() => setReview(null)}>
                {t('bulkBack')}
              </Button>
              <Button onClick={send} pending={busy === 'send'} disabled={changes.length === 0 || invalid.length > 0}>
                {t('bulkSend', { count: changes.length })}
              </Button>
            </>
          ) : (
            <Button
              onClick={makeReview}
              pending={busy === 'review'}
              disabled={scope === 'selected' && props.selected.length === 0}
            >
              {t('bulkReview')}
            </Button>
          )
        }
      >
        {review ? (
          <div className="space-y-3">
            <p role="status" className="text-sm">
              {t('bulkReviewCount', { changes: changes.length, same: review.length - changes.length })}
            </p>
            {invalid.length ? <Alert tone="error">{t('bulkInvalid', { count: invalid.length })}</Alert> : null}
            <Table caption={t('bulkReviewCaption')} frameClassName="max-h-96 overflow-auto">
              <THead columns={[t('bulkRecord'), t('bulkOld'), t('bulkNew')]} />
              <TBody>
                {review.map((r) => (
                  <Tr key={r.row.id}>
                    <Th scope="row">
                      {r.row.outerSysCode || `#${r.row.id}`}{' '}
                      {r.row.name ? <span className="text-zinc-600 dark:text-zinc-400">{r.row.name}</span> : null}
                    </Th>
                    <Td className="tabular-nums">{String(r.old ?? '')}</Td>
                    <Td className="tabular-nums">
                      {same(r.old, r.next) ? t('bulkNoChange') : r.next}
                      {r.errors.map((e, k) => (
                        <span key={k} className="block text-xs text-red-800 dark:text-red-300">
                          {issueText(e)}
                        </span>
                      ))}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        ) : (
          <div className="space-y-3">
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">{t('bulkScope')}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="bulk-scope"
                  checked={scope === 'selected'}
                  onChange={() => setScope('selected')}
                />
                {t('bulkScopeSelected', { count: props.selected.length })}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="bulk-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
                {t('bulkScopeAll')}
              </label>
            </fieldset>
            <Field label={t('bulkField')}>
              <Select value={field.name} onChange={(e) => setFieldName(e.target.value)}>
                {props.fields.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('bulkValue')}>
              <Input value={value} onChange={(e) => setValue(e.target.value)} />
            </Field>
          </div>
        )}
        {failure ? <Alert tone="error">{t('resendFailed', { reason: errorText(failure) })}</Alert> : null}
      </Dialog>
    </>
  );
}
