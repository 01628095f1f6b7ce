'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button, Dialog } from '@/components/ui';
import type { FieldChange, FormValue } from './changed-fields';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

export interface ReviewChangesDialogProps {
  open: boolean;
  changes: FieldChange[];
  labels: { readonly [field: string]: string | undefined };
  format: (field: string, value: FormValue) => string;
  saving: boolean;
  mode: 'create' | 'edit';
  onConfirm: () => void;
  onClose: () => void;
  /** Said above the changes before they are saved (a rule the new values would break: a warning, not a refusal). */
  note?: ReactNode;
}

/** The last look before a write: each changed field, old → new. Only these fields are sent. */
export function ReviewChangesDialog({
  open,
  changes,
  labels,
  format,
  saving,
  mode,
  onConfirm,
  onClose,
  note,
}: ReviewChangesDialogProps) {
  const t = useTranslations('forms');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('reviewTitle')}
      description={
        mode === 'create' ? t('reviewCreateDescription') : t('reviewEditDescription', { count: changes.length })
      }
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
      {note ? <div className="mb-3">{note}</div> : null}
      <Table variant="plain" caption={t('reviewTitle')}>
        <THead
          columns={
            mode === 'edit' ? [t('reviewField'), t('reviewFrom'), t('reviewTo')] : [t('reviewField'), t('reviewTo')]
          }
        />
        <TBody>
          {changes.map((c) => (
            <Tr key={c.field}>
              <Th scope="row" className="font-medium">
                {labels[c.field] ?? c.field}
              </Th>
              {mode === 'edit' ? (
                <Td className="break-all text-zinc-600 dark:text-zinc-400">{format(c.field, c.from)}</Td>
              ) : null}
              <Td className="break-all">{format(c.field, c.to)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Dialog>
  );
}
