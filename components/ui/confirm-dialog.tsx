'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Asks before an action that cannot be taken back (ending a session): a modal naming what will happen, with
 * Cancel, which has the focus so Enter or a stray click changes nothing, and the action's own words.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirm,
  pending = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The action's words on its button ("End the session"), never a bare "OK". */
  confirm: ReactNode;
  pending?: boolean;
  /** What the action is about, item by item (the amounts and the company of a large approval). */
  children?: ReactNode;
}) {
  const t = useTranslations('ui');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button variant="danger" pending={pending} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
