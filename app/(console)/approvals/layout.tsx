import { ClientMessages } from '@/components/i18n/client-messages';

/** The catalogue namespaces these pages' client components add (lib/i18n/client-scopes.ts). */
export default function ApprovalsLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages scope="(console)/approvals">{children}</ClientMessages>;
}
