import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Card, CardContent } from '@/components/ui/card';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { chooseLocale } from '@/app/_actions/preferences';
import { ResetPasswordForm } from './_components/reset-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('passwordReset');
  return { title: t('title') };
}

/** Where an admin's one-time reset link leads (lib/server/accounts/sessions.ts); open to the signed-out. */
export default async function ResetPasswordPage() {
  const t = await getTranslations('passwordReset');
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex justify-end">
          <LanguageSwitch choose={chooseLocale} />
        </div>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
        </div>
        <Card>
          <CardContent className="py-5">
            <ResetPasswordForm />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
