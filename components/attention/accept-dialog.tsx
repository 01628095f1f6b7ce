'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert, Button, CharacterCounter, Dialog, Field, Input, Textarea } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { useFindingDecision } from '@/lib/client/attention';
import { charLength } from '@/lib/contract/char-length';
import { ACCEPT_REASON_MAX } from '@/lib/contract/attention/limits';

/** The end of the chosen day in the browser's time zone, as the instant the exception lapses. */
export function expiryInstant(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Accepting a finding as an exception: a reason is required, an end date is optional. Sent once; a refusal says
 * nothing changed, a lost answer says the outcome is unknown (the list is read again either way).
 */
export function AcceptDialog({
  open,
  findingId,
  label,
  onClose,
}: {
  open: boolean;
  findingId: string;
  /** The record as the dialog names it (its code or name). */
  label: string;
  onClose: () => void;
}) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const w = useTranslations('writes');
  const { accept } = useFindingDecision();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [missing, setMissing] = useState(false);
  const length = charLength(reason.trim());
  const close = () => {
    setReason('');
    setUntil('');
    setMissing(false);
    accept.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length === 0) {
      setMissing(true);
      return;
    }
    if (length > ACCEPT_REASON_MAX) return;
    accept.mutate(
      { id: findingId, reason: reason.trim(), expiresAt: until ? expiryInstant(until) : null },
      {
        onSuccess: () => {
          toast.success(h('acceptedToast', { label }));
          close();
        },
      },
    );
  };

  const failure = accept.error ? failedWriteOutcome(accept.error) : null;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={h('acceptTitle', { label })}
      description={h('acceptIntro')}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            {h('cancel')}
          </Button>
          <Button type="submit" form={`accept-${findingId}`} disabled={accept.isPending}>
            {t('accept')}
          </Button>
        </>
      }
    >
      <form id={`accept-${findingId}`} onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label={t('acceptReason')}
          required
          error={missing && length === 0 ? h('reasonRequired') : length > ACCEPT_REASON_MAX ? h('reasonTooLong') : null}
          counter={<CharacterCounter count={length} max={ACCEPT_REASON_MAX} />}
        >
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
        </Field>
        <Field label={t('acceptExpires')} description={h('expiresHelp')}>
          <Input type="date" value={until} min={today()} onChange={(e) => setUntil(e.target.value)} />
        </Field>
        {failure ? (
          <Alert tone="error" title={failure === 'unknown' ? w('unknownTitle') : undefined}>
            <p>{isApiError(accept.error) ? accept.error.sentence : String(accept.error)}</p>
            <p>{failure === 'unknown' ? h('unknownBody') : w('refusedNote')}</p>
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
