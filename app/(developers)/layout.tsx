import { ClientMessages } from '@/components/i18n/client-messages';

/** The integrators' reference: its own frame (open without an account in demo mode), with its catalogue share. */
export default function DevelopersLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages scope="(developers)">{children}</ClientMessages>;
}
