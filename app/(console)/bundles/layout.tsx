import { ClientMessages } from '@/components/i18n/client-messages';
import { refuseEditPagesToReaders } from '../_lib/refuse-edit-pages';

/**
 * The catalogue namespaces these pages' client components add (lib/i18n/client-scopes.ts), and the 403 for create
 * and edit pages a role may not use, answered here before the family's loading state streams.
 */
export default async function BundlesLayout({ children }: { children: React.ReactNode }) {
  await refuseEditPagesToReaders();
  return <ClientMessages scope="(console)/bundles">{children}</ClientMessages>;
}
