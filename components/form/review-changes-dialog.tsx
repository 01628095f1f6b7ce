'use client';

import { useTranslations } from 'next-intl';
import { Button, Dialog } from '@/components/ui';
import type { FieldChange, FormValue } from './changed-fields';

export interface ReviewChangesDialogProps {
  open: boolean;
  changes: FieldChange[];
  labels: Record<string, string>;
  format: (field: string, value: FormValue) => string;
  saving: boolean;
  mode: 'create' | 'edit';
  onConfirm: () => void;
  onClose: () => void;
}

/** The last look before a write: each changed field, old → new. Only these fields are sent. */
export function ReviewChangesDialog({ open, changes, labels, format, saving, mode, onConfirm, onClose }: ReviewChangesDialogProps) {
  const t = useTranslations('forms');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('reviewTitle')}
      description={mode === 'create' ? t('reviewCreateDescription') : t('reviewEditDescription', { count: changes.length })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('backToEditing')}
          </Button>
          <Button onClick={onConfirm} pending={saving}>
            {mode === 'create' ? t('confirmCreate') : t('confirmSave')}
          </Button>
        </>
      }
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('reviewTitle')}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('reviewField')}
            </th>
            {mode === 'edit' ? (
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t('reviewFrom')}
              </th>
            ) : null}
            <th scope="col" className="py-1 font-semibold">
              {t('reviewTo')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-700">
          {changes.map((c) => (
            <tr key={c.field}>
              <th scope="row" className="py-1.5 pr-3 font-medium">
                {labels[c.field] ?? c.field}
              </th>
              {mode === 'edit' ? <td className="py-1.5 pr-3 break-all text-zinc-600 dark:text-zinc-400">{format(c.field, c.from)}</td> : null}
              <td className="py-1.5 break-all">{format(c.field, c.to)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
