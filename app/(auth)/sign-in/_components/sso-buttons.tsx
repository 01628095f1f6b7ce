'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * "Sign in with …", one per configured provider: better-auth answers the provider's address (with a state
 * cookie bound to this browser), and the page goes there; the provider sends the browser back to the console.
 */
export function SsoButtons({ providers, next }: { providers: { id: string; name: string }[]; next: string }) {
  const t = useTranslations('sso');
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function start(provider: { id: string; name: string }) {
    setPending(provider.id);
    setProblem(null);
    try {
      const response = await fetch('/api/auth/sign-in/social', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ provider: provider.id, callbackURL: next, errorCallbackURL: '/sign-in' }),
      });
      const answer = (await response.json().catch(() => null)) as { url?: string } | null;
      if (response.ok && answer?.url) return window.location.assign(answer.url);
      setProblem(t('startFailed', { name: provider.name, status: response.status }));
    } catch {
      setProblem(t('unreachable'));
    }
    setPending(null);
  }

  return (
    <div className="space-y-3">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="secondary"
          className="w-full"
          pending={pending === provider.id}
          onClick={() => start(provider)}
        >
          {pending === provider.id ? t('starting', { name: provider.name }) : t('signInWith', { name: provider.name })}
        </Button>
      ))}
    </div>
  );
}
