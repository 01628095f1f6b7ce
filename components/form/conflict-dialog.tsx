'use client';

import { useTranslations } from 'next-intl';
import { Button, Dialog } from '@/components/ui';
import type { FormValue } from './changed-fields';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

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
  labels: { readonly [field: string]: string | undefined };
  format: (field: string, value: FormValue) => string;
  saving: boolean;
  onKeepMine: () => void;
  onLoadCurrent: () => void;
  onClose: () => void;
}

/** Nothing is sent until the person chooses: their values over the current ones, or the current ones. */
export function ConflictDialog({
  open,
  reason,
  rows,
  labels,
  format,
  saving,
  onKeepMine,
  onLoadCurrent,
  onClose,
}: ConflictDialogProps) {
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
      <Table variant="plain" caption={title}>
        <THead columns={[t('conflictField'), t('conflictOpened'), t('conflictNow'), t('conflictYours')]} />
        <TBody>
          {rows.map((r) => (
            <Tr key={r.field}>
              <Th scope="row" className="font-medium">
                {labels[r.field] ?? r.field}
              </Th>
              <Td className="break-all text-zinc-600 dark:text-zinc-400">{format(r.field, r.opened)}</Td>
              <Td className="break-all">{format(r.field, r.now)}</Td>
              <Td className="break-all">{format(r.field, r.yours)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Dialog>
  );
}
