'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { authRequest, codeProblem } from './auth-request';
import { BackupCodes } from './backup-codes';

type Started = { totpURI: string; backupCodes: string[] };

/** The key of an otpauth:// URI, in groups of four as people type it. */
function keyOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turns on the authenticator app: the password, then the QR code (drawn here, no network) and its text key, then
 * a code from the app, then the 10 backup codes, shown once. `done` runs after the person has seen them.
 */
export function EnrolAuthenticator({ done }: { done: () => void }) {
  const t = useTranslations('twoFactor');
  const [started, setStarted] = useState<Started | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const qr = useMemo(() => (started ? renderSVG(started.totpURI, { border: 1 }) : ''), [started]);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return field.current?.focus();
    setPending(true);
    const answer = await authRequest('POST', '/two-factor/enable', { password });
    setPending(false);
    if (answer.status === 200 && typeof answer.body?.totpURI === 'string') {
      setProblem(null);
      setStarted({ totpURI: answer.body.totpURI, backupCodes: answer.body.backupCodes as string[] });
      return;
    }
    setProblem(answer.status === 400 ? t('wrongPassword') : t('failed', { status: answer.status }));
    field.current?.focus();
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return field.current?.focus();
    setPending(true);
    const answer = await authRequest('POST', '/two-factor/verify-totp', { code });
    setPending(false);
    if (answer.status === 200) {
      setProblem(null);
      setConfirmed(true);
      return;
    }
    const refused = codeProblem(answer);
    setProblem(t(refused.key, refused.values));
    if (field.current) field.current.value = '';
    field.current?.focus();
  }

  const error = problem ? <Alert tone="error">{problem}</Alert> : null;
  if (started && confirmed) {
    return <BackupCodes codes={started.backupCodes} done={done} />;
  }
  if (started) {
    return (
      <form noValidate onSubmit={confirm} className="space-y-4" aria-busy={pending}>
        {error}
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('scan')}</p>
        <div
          role="img"
          aria-label={t('qrLabel')}
          className="size-44 bg-white p-1"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <div className="text-sm">
          <p className="font-medium text-zinc-600 dark:text-zinc-400">{t('key')}</p>
          <code data-testid="totp-key" className="font-mono break-all">
            {keyOf(started.totpURI)}
          </code>
        </div>
        <Field label={t('confirmCode')} description={t('codeHint')} required>
          <Input ref={field} name="code" autoComplete="one-time-code" inputMode="numeric" required />
        </Field>
        <Button type="submit" pending={pending}>
          {t('confirm')}
        </Button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={start} className="space-y-4" aria-busy={pending}>
      {error}
      <Field label={t('password')} description={t('passwordHint')} required>
        <Input ref={field} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" pending={pending}>
        {t('start')}
      </Button>
    </form>
  );
}
