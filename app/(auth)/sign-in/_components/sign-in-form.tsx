'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SECOND_FACTOR_PATH } from '@/lib/contract/two-factor';
import { signInAction } from '../actions';

const secondFactorPage = (next: string) => `${SECOND_FACTOR_PATH}?next=${encodeURIComponent(next)}`;
import { checkSignInInput, signInProblemOf, type SignInProblem } from '../_lib/sign-in-problem';

/**
 * Once hydrated, posts to better-auth's own endpoint so its per-address rate limit and CSRF checks apply. Before
 * that (or without JavaScript) the browser posts the form to the server action, which asks the same endpoint:
 * a password never goes into a URL. The typed email stays after a failure; only the password is cleared.
 */
export function SignInForm({ next, consoleUrl }: { next: string; consoleUrl: string }) {
  const t = useTranslations('signIn');
  const [posted, action] = useActionState(signInAction, null);
  const [pending, setPending] = useState(false);
  // What this page's own last attempt found; until there is one, what the posted form was answered with.
  const [own, setOwn] = useState<{ problem: SignInProblem | null } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const problem = own ? own.problem : (posted?.problem ?? null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const invalid = checkSignInInput(email, password);
    setOwn({ problem: invalid });
    if (invalid) return (invalid.field === 'email' ? emailRef : passwordRef).current?.focus();

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
      setOwn({ problem: { message: 'unreachable' } });
      return;
    }
    if (response.ok) {
      // An account with two-factor gets no session yet: its code comes next, on the second factor's page.
      const answer = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
      // A full load, so the server renders the console with the new session cookie.
      window.location.assign(answer?.twoFactorRedirect ? secondFactorPage(next) : next);
      return;
    }
    setPending(false);
    if (passwordRef.current) passwordRef.current.value = '';
    const code =
      response.status === 403
        ? ((await response.json().catch(() => null)) as { code?: string } | null)?.code
        : undefined;
    const answer = { status: response.status, code, retryAfter: response.headers.get('X-Retry-After') };
    setOwn({ problem: signInProblemOf(answer, { expected: consoleUrl, actual: window.location.origin }) });
    passwordRef.current?.focus();
  }

  const words = problem ? t(problem.message, problem.values) : null;
  return (
    // The action makes React render method="post": a form sent before hydration never puts the password in the URL.
    <form action={action} noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
      <input type="hidden" name="next" value={next} />
      {problem && !problem.field ? <Alert tone="error">{words}</Alert> : null}
      <Field label={t('email')} error={problem?.field === 'email' ? (words ?? undefined) : undefined} required>
        <Input
          ref={emailRef}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          defaultValue={posted?.email}
        />
      </Field>
      <Field label={t('password')} error={problem?.field === 'password' ? (words ?? undefined) : undefined} required>
        <Input ref={passwordRef} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {t('submit')}
      </Button>
    </form>
  );
}
