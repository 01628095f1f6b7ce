import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { TitledCard } from '@/components/ui/card';
import { listSessions } from '@/lib/server/accounts';
import { getAuth } from '@/lib/server/auth';
import { readSessionId, type CurrentUser } from '@/lib/server/auth/request';
import { SessionsList } from './sessions-list';
import { serverContext } from '@/lib/server/console-api';

/** A person's sessions, for themselves (Settings) or for an admin (the account's page). */
export async function SessionsCard({
  actor,
  account,
}: {
  actor: CurrentUser;
  account: { id: string; name: string; email: string };
}) {
  const t = await getTranslations('sessions');
  const own = actor.id === account.id;
  const currentSessionId = await readSessionId(await getAuth(), await headers());
  const listed = await listSessions(await serverContext().consoleDb(), actor, account.id, { currentSessionId });
  if (!listed.ok) return null;
  const title = own ? t('title') : t('titleOf', { name: account.name });
  return (
    <TitledCard
      id="sessions"
      title={title}
      intro={own ? t('intro') : t('introOf', { email: account.email })}
      contentClassName="overflow-x-auto p-0"
    >
      <SessionsList
        userId={account.id}
        name={account.name}
        own={own}
        caption={title}
        sessions={listed.value.map((s) => ({
          id: s.id,
          browser: s.device.browser,
          system: s.device.system,
          address: s.address,
          startedAt: s.startedAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          current: s.current,
        }))}
      />
    </TitledCard>
  );
}
