import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewBundlePage } from '../_components/new-bundle-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bundles');
  return { title: t('newTitle') };
}

export default function Page() {
  return <NewBundlePage />;
}
