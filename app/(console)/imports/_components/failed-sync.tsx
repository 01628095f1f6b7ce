'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, Button, Field, Select, Textarea, SelectOptions } from '@/components/ui';
import { loadLater } from '@/lib/client/load-later';
import { FAMILY_COLUMNS, FAMILY_NAMES, isFamilyName, type FamilyName } from '@/lib/imports/family-columns';
import { readFailedSync, type SyncRead } from '@/lib/imports/failed-sync';
import { LogUpload } from './rejections/log-upload';

/** The opened items' grid, live check and resend (./sync-items) load after first paint, not with the page. */
const syncItems = loadLater(() => import('./sync-items'));

/** A pasted JSON text: monospaced, never spell-checked. */
function JsonBox({
  label,
  description,
  rows,
  value,
  onChange,
}: {
  label: string;
  description: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} description={description}>
      <Textarea
        rows={rows}
        className="font-mono text-xs"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
    </Field>
  );
}

/**
 * "Open a failed sync": paste the body of a /v1 batch request and, if you have it, the service's answer;
 * the failed items (matched by index) open in the grid with their errors, to fix and resend as an import.
 */
export function FailedSync() {
  const t = useTranslations('workbench');
  const ti = useTranslations('imports');
  const tr = useTranslations('rejections');
  const [family, setFamily] = useState<FamilyName | ''>('');
  const [body, setBody] = useState('');
  const [answer, setAnswer] = useState('');
  const [read, setRead] = useState<(SyncRead & { family: FamilyName }) | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [opened, setOpened] = useState(0);
  const items = syncItems.useLoaded();

  function open() {
    if (!family) return;
    const result = readFailedSync(FAMILY_COLUMNS[family], body, answer);
    if ('error' in result) {
      setRead(null);
      setReadError(result.error);
      return;
    }
    setReadError(null);
    setOpened((n) => n + 1);
    setRead({ ...result, family });
  }

  return (
    <div className="max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('syncTitle')}</h1>
      </header>
      <LogUpload />
      {/* The paste is the last resort (a log kept as bare bodies): behind "Advanced". */}
      <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium">{tr('upload.advanced')}</summary>
        <section className="mt-3 space-y-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('syncIntro')}</p>
          <Field label={t('syncEndpoint')}>
            <Select value={family} onChange={(e) => setFamily(isFamilyName(e.target.value) ? e.target.value : '')}>
              <option value="">{ti('chooseFamily')}</option>
              <SelectOptions options={FAMILY_NAMES.map((f) => ({ value: f, label: ti(`families.${f}`) }))} />
            </Select>
          </Field>
          <JsonBox label={t('syncBody')} description={t('syncBodyHelp')} rows={8} value={body} onChange={setBody} />
          <JsonBox
            label={t('syncAnswer')}
            description={t('syncAnswerHelp')}
            rows={6}
            value={answer}
            onChange={setAnswer}
          />
          <Button onClick={open} disabled={!family || body.trim() === ''}>
            {t('syncOpen')}
          </Button>
          {readError ? (
            <Alert tone="error">{t(`syncErrors.${readError}` as 'syncErrors.sync_body_invalid')}</Alert>
          ) : null}
        </section>
      </details>

      {read && items ? <items.SyncItems key={opened} read={read} answered={answer.trim() !== ''} /> : null}
    </div>
  );
}
