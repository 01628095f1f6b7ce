'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { plainSpaces } from '@/lib/i18n/formats';
import { useState, type FormEvent } from 'react';
import { authRequest } from '@/components/two-factor/auth-request';
import { EnrolAuthenticator } from '@/components/two-factor/enrol-authenticator';
import { PasskeyRegister } from '@/components/two-factor/passkey-register';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';

type Passkey = { id: string; name: string | null; createdAt: string | null };

/** One's own second factors: the authenticator app (turn on, turn off) and passkeys (add, remove). */
export function TwoFactorSettings({
  authenticator,
  passkeys,
  required,
}: {
  authenticator: boolean;
  passkeys: Passkey[];
  required: boolean;
}) {
  const t = useTranslations('twoFactor');
  const format = useFormatter();
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => router.refresh();

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setPending(true);
    const answer = await authRequest('POST', '/two-factor/disable', { password });
    setPending(false);
    if (answer.status !== 200)
      return setProblem(answer.status === 400 ? t('wrongPassword') : t('failed', { status: answer.status }));
    setProblem(null);
    toast.success(t('turnedOff'));
    // A role that requires two-factor is sent to enrolment by the next render.
    window.location.reload();
  }

  async function remove(id: string) {
    const answer = await authRequest('POST', '/passkey/delete-passkey', { id });
    if (answer.status !== 200) return setProblem(t('failed', { status: answer.status }));
    toast.success(t('passkeyRemoved'));
    refresh();
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="authenticator" className="space-y-3">
        <h3 id="authenticator" className="flex items-center gap-2 font-semibold">
          {t('appTitle')} <Badge>{authenticator ? t('enabled') : t('off')}</Badge>
        </h3>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {authenticator ? (
          <form noValidate onSubmit={turnOff} className="flex flex-wrap items-end gap-3">
            <Field label={t('password')} description={required ? t('requiredNote') : undefined} required>
              <Input name="password" type="password" autoComplete="current-password" required />
            </Field>
            <Button type="submit" variant="danger" pending={pending}>
              {t('turnOff')}
            </Button>
          </form>
        ) : (
          <EnrolAuthenticator done={refresh} />
        )}
      </section>
      <section aria-labelledby="passkeys" className="space-y-3">
        <h3 id="passkeys" className="font-semibold">
          {t('passkeysTitle')}
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('passkeysIntro')}</p>
        {passkeys.length === 0 ? <p className="text-sm">{t('noPasskeys')}</p> : null}
        <ul className="space-y-2">
          {passkeys.map((key) => (
            <li key={key.id} className="flex items-center gap-3 text-sm">
              <span>
                {key.name ?? (key.createdAt ? plainSpaces(format.dateTime(new Date(key.createdAt), 'date')) : key.id)}
              </span>
              <Button type="button" variant="secondary" size="sm" onClick={() => remove(key.id)}>
                {t('removePasskey')}
              </Button>
            </li>
          ))}
        </ul>
        <PasskeyRegister
          done={() => {
            toast.success(t('passkeyAdded'));
            refresh();
          }}
        />
      </section>
    </div>
  );
}
