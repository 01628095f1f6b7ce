import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Card, CardContent } from '@/components/ui/card';
import { ResetPasswordForm } from './_components/reset-password-form';
import { AuthFrame } from '../_components/auth-frame';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('passwordReset');
  return { title: t('title') };
}

/** Where an admin's one-time reset link leads (lib/server/accounts/sessions.ts); open to the signed-out. */
export default async function ResetPasswordPage() {
  const t = await getTranslations('passwordReset');
  return (
    <AuthFrame heading={t('title')} intro={t('intro')}>
      <Card>
        <CardContent className="py-5">
          <ResetPasswordForm />
        </CardContent>
      </Card>
    </AuthFrame>
  );
}
