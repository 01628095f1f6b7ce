import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';

// A missing record or a malformed id (/companies/abc), and any unknown console address ([...missing]), shown
// inside the console with its navigation rather than on a bare page.
export default async function ConsoleNotFound() {
  const t = await getTranslations('shell');
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('notFoundTitle')}</h1>
      <Alert tone="info">{t('notFoundBody')}</Alert>
      <LinkButton href="/companies">{t('notFoundHome')}</LinkButton>
    </div>
  );
}
