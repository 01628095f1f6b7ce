'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { resetPasswordAction } from '../session-actions';

/** An admin makes a one-time reset link for a colleague; shown once, here, to be handed over. */
export function ResetPasswordCard({ account }: { account: { id: string; name: string; email: string } }) {
  const t = useTranslations('sessions');
  const [link, setLink] = useState<{ url: string; until: string } | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-3">
      <Button
        variant="danger"
        pending={pending}
        onClick={() =>
          start(async () => {
            const state = await resetPasswordAction(account.id);
            if (state.ok && state.link) setLink(state.link);
            else toast.error(state.message);
          })
        }
      >
        {t('resetButton')}
      </Button>
      {link ? (
        <Alert tone="success">
          <p>{t('resetDone', { email: account.email, until: link.until })}</p>
          <Input
            readOnly
            value={link.url}
            aria-label={t('resetTitle')}
            className="mt-2 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="mt-2">{t('resetCopyHint')}</p>
        </Alert>
      ) : null}
    </div>
  );
}
