import { ClientMessages } from '@/components/i18n/client-messages';

/** The catalogue namespaces the edit form adds (the category picker's words; lib/i18n/client-scopes.ts). */
export default function BundleEditLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages scope="(console)/bundles/[id]/edit">{children}</ClientMessages>;
}
