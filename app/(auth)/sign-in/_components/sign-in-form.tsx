'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type FieldErrors = { email?: string; password?: string };

/**
 * Posts to better-auth's own endpoint (not a server action) so its per-address rate limit and CSRF checks
 * apply. The typed email stays after a failure; only the password is cleared.
 */
export function SignInForm({ next, consoleUrl }: { next: string; consoleUrl: string }) {
  const t = useTranslations('signIn');
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const errors: FieldErrors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t('invalidEmail');
    if (!password) errors.password = t('missingPassword');
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    setPending(true);
    let response: Response;
    try {
      response = await fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, rememberMe: true }),
      });
    } catch {
      setPending(false);
      setFormError(t('unreachable'));
      return;
    }
    if (response.ok) {
      // A full load, so the server renders the console with the new session cookie.
      window.location.assign(next);
      return;
    }
    setPending(false);
    if (passwordRef.current) passwordRef.current.value = '';
    if (response.status === 401) setFormError(t('wrongCredentials'));
    else if (response.status === 403) {
      // better-auth refuses a sign-in posted from an origin other than CONSOLE_URL with 403 too; that is a
      // configuration problem, not a disabled account.
      const code = ((await response.json().catch(() => null)) as { code?: string } | null)?.code;
      setFormError(
        code === 'INVALID_ORIGIN'
          ? t('wrongOrigin', { expected: consoleUrl, actual: window.location.origin })
          : t('disabled'),
      );
    }
    else if (response.status === 429) {
      const seconds = Number(response.headers.get('X-Retry-After')) || 60;
      setFormError(t('rateLimited', { seconds }));
    } else if (response.status === 400) setFieldErrors({ email: t('invalidEmail') });
    else setFormError(t('failed', { status: response.status }));
    passwordRef.current?.focus();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Field label={t('email')} error={fieldErrors.email} required>
        <Input ref={emailRef} name="email" type="email" autoComplete="username" inputMode="email" required autoFocus />
      </Field>
      <Field label={t('password')} error={fieldErrors.password} required>
        <Input ref={passwordRef} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {t('submit')}
      </Button>
    </form>
  );
}
