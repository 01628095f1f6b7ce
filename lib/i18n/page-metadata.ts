import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Namespace } from './client-scopes';

/** A page's generateMetadata: the tab's title from the catalogue, the same words as the page's h1. */
export function titleMetadata(namespace: Namespace, key = 'title') {
  return async (): Promise<Metadata> => {
    const t = await getTranslations(namespace);
    return { title: t(key) };
  };
}
