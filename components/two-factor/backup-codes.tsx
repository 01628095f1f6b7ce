'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The backup codes, shown once: as a list to read, and to copy or download as a text file (one code a line, the
 * console's name and the date on top) so nobody has to type them over.
 */
export function BackupCodes({ codes, done }: { codes: string[]; done: () => void }) {
  const t = useTranslations('twoFactor');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = `${t('backupFileTitle', { date: new Date().toISOString().slice(0, 10) })}\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('backupFileName');
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <section aria-labelledby="backup-codes" className="space-y-3">
      <h3 id="backup-codes" className="font-semibold">
        {t('backupTitle')}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('backupIntro')}</p>
      <ul aria-label={t('backupTitle')} className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" onClick={copy}>
          {t('backupCopy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('backupDownload')}
        </Button>
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {copied === 'yes' ? t('backupCopied') : copied === 'failed' ? t('backupCopyFailed') : null}
        </p>
      </div>
      <Button type="button" onClick={done}>
        {t('backupDone')}
      </Button>
    </section>
  );
}
