import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewCompanyPage } from '../_components/new-company-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('companies');
  return { title: t('newTitle') };
}

export default function Page() {
  return <NewCompanyPage />;
}
