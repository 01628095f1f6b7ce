import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { getCurrentUser } from '@/lib/server/auth/request';

// A page the person's role may not open (forbidden() in requireUser): answered 403 inside the console, naming
// the role and who can change it, rather than pretending the page does not exist.
export default async function ConsoleForbidden() {
  const t = await getTranslations('shell');
  const roles = await getTranslations('roles');
  const user = await getCurrentUser();
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('forbiddenTitle')}</h1>
      <Alert tone="info">{t('forbiddenBody', { role: user ? roles(user.role) : '' })}</Alert>
      <LinkButton href="/companies">{t('forbiddenHome')}</LinkButton>
    </div>
  );
}
