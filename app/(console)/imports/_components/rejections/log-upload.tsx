'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Field, Input } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { fetchRejectionItems, uploadLog } from '@/lib/client/rejections';
import type { LogUploadResult, RejectionItems } from '@/lib/contract/console/rejection-types';
import { OpenedItems } from './opened-items';

/**
 * "Upload an integration log": the ERP's JSON lines or a HAR file, read and recorded on the server as the relay
 * records what it forwards, then its refused rows opened in the fix grid (the same rows join the rejections page).
 */
export function LogUpload() {
  const t = useTranslations('rejections');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LogUploadResult | null>(null);
  const [items, setItems] = useState<{ items: RejectionItems; n: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      const read = await uploadLog(await file.text(), file.name);
      setResult(read);
      if (read.ids.length) {
        const opened = await fetchRejectionItems(read.ids);
        setItems((o) => ({ items: opened, n: (o?.n ?? 0) + 1 }));
      } else setItems(null);
    } catch (error) {
      setFailure(t('upload.failed', { reason: isApiError(error) ? error.sentence : String(error) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="log-upload" className="space-y-3">
      <h2 id="log-upload" className="text-lg font-semibold">
        {t('upload.title')}
      </h2>
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
        <Field label={t('upload.file')} description={t('upload.help')} className="max-w-3xl">
          <Input ref={input} type="file" accept=".jsonl,.ndjson,.json,.har,.log,.txt,application/json" />
        </Field>
        <Button type="submit" disabled={busy}>
          {t('upload.read')}
        </Button>
      </form>
      {busy ? <p role="status">{t('upload.reading')}</p> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {result ? (
        <div role="status" className="space-y-1 text-sm">
          <p>{t('upload.result', { calls: result.calls, rejected: result.rejected })}</p>
          {result.unreadable.length ? (
            <p>
              {t('upload.unreadable', {
                count: result.unreadable.length,
                lines: result.unreadable.slice(0, 20).join(', ') + (result.unreadable.length > 20 ? '…' : ''),
              })}
            </p>
          ) : null}
          {result.skipped ? <p>{t('upload.skipped', { count: result.skipped })}</p> : null}
          {result.rejected > 0 && result.ids.length === 0 ? <p>{t('upload.nothingOpen')}</p> : null}
          {result.elsewhere ? (
            <p>
              <Link href="/imports/rejections" className="text-blue-800 underline dark:text-blue-300">
                {t('upload.elsewhere', { count: result.elsewhere })}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {items ? <OpenedItems key={items.n} items={items.items} /> : null}
    </section>
  );
}
