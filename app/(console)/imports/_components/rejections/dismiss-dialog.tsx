'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert, Button, CharacterCounter, Dialog, Field, Textarea } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/client/api-error';
import { useDismiss } from '@/lib/client/rejections';
import { charLength } from '@/lib/contract/char-length';
import { DISMISS_REASON_MAX } from '@/lib/contract/console/rejection-types';

/** Dismissing rows that need no fix: a reason is required; sent once, the list is read again either way. */
export function DismissDialog({
  ids,
  open,
  onClose,
}: {
  ids: string[];
  open: boolean;
  onClose: (done: boolean) => void;
}) {
  const t = useTranslations('rejections');
  const dismiss = useDismiss();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const length = charLength(reason.trim());
  const close = (done: boolean) => {
    setReason('');
    setMissing(false);
    dismiss.reset();
    onClose(done);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length === 0) return setMissing(true);
    if (length > DISMISS_REASON_MAX) return;
    dismiss.mutate(
      { ids, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          toast.success(t('dismissed', { count: answer.dismissed }));
          close(true);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      title={t('dismissTitle', { count: ids.length })}
      description={t('dismissIntro')}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="dismiss-rejections" disabled={dismiss.isPending}>
            {t('dismiss')}
          </Button>
        </>
      }
    >
      <form id="dismiss-rejections" onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label={t('reason')}
          required
          error={missing && length === 0 ? t('reasonRequired') : null}
          counter={<CharacterCounter count={length} max={DISMISS_REASON_MAX} />}
        >
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
        </Field>
        {dismiss.error ? (
          <Alert tone="error">
            {t('dismissFailed', {
              reason: isApiError(dismiss.error) ? dismiss.error.sentence : String(dismiss.error),
            })}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
