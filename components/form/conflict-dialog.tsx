'use client';

import { useTranslations } from 'next-intl';
import { Button, Dialog } from '@/components/ui';
import type { FormValue } from './changed-fields';

export interface ConflictRow {
  field: string;
  opened: FormValue;
  now: FormValue;
  yours: FormValue;
}

export interface ConflictDialogProps {
  open: boolean;
  /** 'conflict': changed by someone since the form opened; 'unknown': re-read after a save of unknown outcome. */
  reason: 'conflict' | 'unknown';
  rows: ConflictRow[];
  labels: Record<string, string>;
  format: (field: string, value: FormValue) => string;
  saving: boolean;
  onKeepMine: () => void;
  onLoadCurrent: () => void;
  onClose: () => void;
}

/** Nothing is sent until the person chooses: their values over the current ones, or the current ones. */
export function ConflictDialog({ open, reason, rows, labels, format, saving, onKeepMine, onLoadCurrent, onClose }: ConflictDialogProps) {
  const t = useTranslations('writes');
  const title = reason === 'conflict' ? t('conflictTitle') : t('unknownConflictTitle');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={reason === 'conflict' ? t('conflictBody') : t('unknownConflictBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('backToEditing')}
          </Button>
          <Button variant="secondary" onClick={onLoadCurrent} disabled={saving}>
            {t('loadCurrent')}
          </Button>
          <Button onClick={onKeepMine} pending={saving}>
            {t('keepMine')}
          </Button>
        </>
      }
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('conflictField')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('conflictOpened')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('conflictNow')}</th>
            <th scope="col" className="py-1 font-semibold">{t('conflictYours')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-700">
          {rows.map((r) => (
            <tr key={r.field}>
              <th scope="row" className="py-1.5 pr-3 font-medium">
                {labels[r.field] ?? r.field}
              </th>
              <td className="py-1.5 pr-3 break-all text-zinc-600 dark:text-zinc-400">{format(r.field, r.opened)}</td>
              <td className="py-1.5 pr-3 break-all">{format(r.field, r.now)}</td>
              <td className="py-1.5 break-all">{format(r.field, r.yours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
