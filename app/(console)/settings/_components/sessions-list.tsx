'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { plainSpaces } from '@/lib/i18n/formats';
import { endSessionsAction } from '../session-actions';

/** One session as the page hands it over (dates as ISO text). */
export type SessionRow = {
  id: string;
  browser: string | null;
  system: string | null;
  address: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** Ends one session or several, after asking: ending signs a browser out, which cannot be taken back. */
function EndButton({
  userId,
  sessionId,
  label,
  question,
  children,
}: {
  userId: string;
  sessionId: string | null;
  label?: string;
  question: { title: string; description: string; confirm: string };
  children: React.ReactNode;
}) {
  const [pending, start] = useTransition();
  const [asking, setAsking] = useState(false);
  const end = () =>
    start(async () => {
      const state = await endSessionsAction(userId, sessionId);
      setAsking(false);
      if (state.ok) toast.success(state.message);
      else toast.error(state.message);
    });
  return (
    <>
      <Button
        size="sm"
        variant={sessionId ? 'secondary' : 'danger'}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={end}
        pending={pending}
        title={question.title}
        description={question.description}
        confirm={question.confirm}
      />
    </>
  );
}

/**
 * Where a person is signed in: device, address, started, last active; each but the one in use can be ended, or
 * all of them at once ("all others" on one's own list).
 */
export function SessionsList({
  userId,
  name,
  sessions,
  own,
  caption,
}: {
  userId: string;
  /** The person whose sessions these are (an admin's question names them). */
  name: string;
  sessions: SessionRow[];
  own: boolean;
  caption: string;
}) {
  const t = useTranslations('sessions');
  const format = useFormatter();
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  const device = (s: SessionRow) =>
    s.browser && s.system
      ? t('on', { browser: s.browser, system: s.system })
      : (s.browser ?? s.system ?? t('unknownDevice'));
  const others = sessions.filter((s) => !s.current);
  return (
    <div className="space-y-3">
      {sessions.length ? (
        <Table caption={caption} unframed focusableFrame className="[&_:is(th,td)]:px-5 [&_:is(th,td)]:py-2">
          <THead columns={[t('device'), t('address'), t('started'), t('lastSeen'), t('end')]} />
          <TBody>
            {sessions.map((s) => (
              <Tr key={s.id}>
                <Th scope="row" className="font-medium whitespace-nowrap">
                  {device(s)} {s.current ? <Badge tone="success">{t('this')}</Badge> : null}
                </Th>
                <Td className="font-mono text-xs">{s.address ?? '—'}</Td>
                <Td className="whitespace-nowrap">{when(s.startedAt)}</Td>
                <Td className="whitespace-nowrap">{when(s.lastSeenAt)}</Td>
                <Td>
                  {s.current ? null : (
                    <EndButton
                      userId={userId}
                      sessionId={s.id}
                      label={t('endLabel', { device: device(s) })}
                      question={{
                        title: t('confirmOneTitle', { device: device(s) }),
                        description: t('confirmOne'),
                        confirm: t('confirmOneButton'),
                      }}
                    >
                      {t('end')}
                    </EndButton>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
      <div className={sessions.length ? 'px-5 pb-4' : 'px-5 py-4'}>
        {others.length ? (
          <EndButton
            userId={userId}
            sessionId={null}
            question={{
              title: own ? t('confirmOthersTitle') : t('confirmAllTitle', { name }),
              description: own
                ? t('confirmOthers', { count: others.length })
                : t('confirmAll', { name, count: others.length }),
              confirm: t('confirmManyButton', { count: others.length }),
            }}
          >
            {own ? t('endOthers') : t('endAll')}
          </EndButton>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{own ? t('none') : t('noneOf')}</p>
        )}
      </div>
    </div>
  );
}
