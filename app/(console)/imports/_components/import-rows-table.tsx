'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { Badge, type BadgeTone } from '@/components/ui';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import type { RowView } from '@/lib/contract/console/imports';
import { rowWord, type RowWord } from '@/lib/client/imports/result-words';
import { RowHistory } from './attempts';
import { FieldHeader } from './field-header';
import { useImportTexts } from './import-wizard/texts';

const TONE: Record<RowWord, BadgeTone> = {
  waiting: 'neutral',
  sending: 'info',
  created: 'success',
  updated: 'success',
  written: 'success',
  refused: 'danger',
  unknown: 'warning',
  notSent: 'neutral',
  unchanged: 'neutral',
  sentForApproval: 'info',
};

/**
 * An import's rows with their outcome (./import-results.tsx): the columns that say which record a row is about
 * (`keyColumns`, by the file's headers), its state, the record it wrote and its errors, and its earlier attempts.
 */
export function ImportRowsTable(props: {
  rows: RowView[];
  keyColumns: { field: string | null; i: number }[];
  headers: string[];
  recordPath: ((id: number) => string) | null;
}) {
  const { rows, keyColumns, headers, recordPath } = props;
  const t = useTranslations('imports');
  const tw = useTranslations('workbench');
  const tr = useTranslations('resultWords');
  const { issueText } = useImportTexts();
  return (
    <Table caption={t('rowsCaption')}>
      <THead>
        <Tr>
          {/* Short headers kept whole: in zh-TW a squeezed column otherwise breaks 行號 into 行/號. */}
          <Th className="whitespace-nowrap">{t('line')}</Th>
          {keyColumns.map((c) => (
            <Th key={c.i}>
              <FieldHeader field={c.field} header={headers[c.i] ?? ''} />
            </Th>
          ))}
          <Th className="whitespace-nowrap">{t('results.status')}</Th>
          <Th className="whitespace-nowrap">{t('record')}</Th>
          <Th>{t('errors')}</Th>
          <Th className="whitespace-nowrap">{tw('attempts')}</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.rowNo}>
            <Td className="tabular-nums">{row.line}</Td>
            {keyColumns.map((c) => (
              <Td key={c.i}>{row.cells[c.i] ?? ''}</Td>
            ))}
            <Td>
              <Badge tone={TONE[rowWord(row.status, row.predicted)]}>{tr(rowWord(row.status, row.predicted))}</Badge>
              {row.status === 'failed' && row.predicted ? (
                <span className="block text-xs font-medium text-amber-900 dark:text-amber-200">
                  {t('mispredicted')}
                </span>
              ) : null}
            </Td>
            <Td>
              {row.recordId != null && recordPath ? (
                <Link
                  className="underline"
                  href={recordPath(row.recordId)}
                  aria-label={t('recordLink', { id: row.recordId })}
                >
                  {row.recordId}
                </Link>
              ) : (
                (row.recordId ?? '')
              )}
            </Td>
            <Td>
              {row.errors.map((e, k) => (
                <span key={k} className="block">
                  {issueText(e)}
                </span>
              ))}
            </Td>
            <Td>
              <RowHistory attempt={row.attempt} history={row.history} headers={headers} issueText={issueText} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
