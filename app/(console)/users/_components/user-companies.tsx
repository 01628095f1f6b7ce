'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RecordSearch } from '@/components/form/record-search';
import { StatusBadge } from '@/components/record/status-badge';
import { useCurrentUser } from '@/components/session/current-user';
import { Alert, Button, TBody, THead, Table, Td, TitledCard, Tr } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { updateCompany } from '@/lib/client/companies/save-company';
import { fetchListPage } from '@/lib/client/lists';
import { companySource } from '@/lib/client/pickers';
import { useReadAfresh } from '@/lib/client/queries';
import { companyKeys } from '@/lib/client/query-keys';
import { withReview } from '@/lib/client/review';
import type { Company, InternalUser } from '@/lib/contract/resources';
import { can } from '@/lib/contract/roles';
import { useSalespeople } from '@/components/record/use-salespeople';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';
/** The companies shown here; more are one link away, in the Companies list filtered by this salesperson. */
const SHOWN = 100;

type Outcome = { tone: 'error' | 'warning'; title: string; text: string } | null;

/**
 * A back-office user's companies (those whose salesperson they are), and for those who edit master data, giving
 * them another company: a company write like the company's own form makes (PUT /v1/companies/{id} through the
 * signing proxy, with the salesperson it had as the old value, so History says who it moved from).
 */
export function UserCompanies({ user }: { user: InternalUser }) {
  const t = useTranslations('users.companies');
  const me = useCurrentUser();
  const client = useQueryClient();
  const readAfresh = useReadAfresh();
  const salespeople = useSalespeople();
  const [chosen, setChosen] = useState<Company | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const name = user.name || user.account || `#${user.id}`;
  const companies = useQuery({
    queryKey: [...companyKeys.lists(), 'of-salesperson', user.id],
    queryFn: ({ signal }) =>
      fetchListPage('companies', { filters: { internalUserId: user.id }, page: 1, pageSize: SHOWN }, signal),
  });
  const mayAssign = can(me.role, 'editMasterData') && user.status === 'Active';

  const assign = useMutation({
    mutationFn: async (company: Company) => {
      // Re-read first: the old value History records is the one the service holds now, not the search's copy.
      const fresh = await readAfresh('company', company.id);
      const from = fresh.internalUserId;
      const label = (id: number) => {
        const person = salespeople.rows.find((p) => p.id === id);
        return { code: person?.code || null, name: person?.name || null };
      };
      await updateCompany(
        company.id,
        withReview({ internalUserId: user.id }, [{ field: 'internalUserId', from }], {
          [String(user.id)]: label(user.id),
          ...(from ? { [String(from)]: label(from) } : {}),
        }),
      );
      return fresh;
    },
    onSettled: (_data, _error, company) =>
      Promise.all([
        client.invalidateQueries({ queryKey: companyKeys.lists() }),
        client.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
      ]),
  });

  const confirm = async () => {
    if (!chosen) return;
    setOutcome(null);
    try {
      await assign.mutateAsync(chosen);
      toast.success(t('assigned', { company: chosen.outerSysCode || chosen.name || `#${chosen.id}`, name }));
      setChosen(null);
    } catch (error) {
      setOutcome(
        failedWriteOutcome(error) === 'unknown'
          ? { tone: 'warning', title: t('unknownTitle'), text: t('unknownBody') }
          : { tone: 'error', title: t('refused'), text: isApiError(error) ? error.sentence : String(error) },
      );
    }
  };

  const rows = companies.data?.data ?? [];
  const total = companies.data?.totalCount ?? rows.length;
  return (
    <TitledCard id="user-companies" title={t('title')}>
      <div className="space-y-4">
        {companies.error ? (
          <Alert tone="error">{isApiError(companies.error) ? companies.error.sentence : String(companies.error)}</Alert>
        ) : null}
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {companies.isPending ? t('loading') : t('count', { count: total, name })}
        </p>
        {rows.length > 0 ? (
          <Table caption={t('caption', { name })} stickyFirst>
            <THead columns={[t('code'), t('name'), t('status')]} />
            <TBody>
              {rows.map((c) => (
                <Tr key={c.id}>
                  <Td className="whitespace-nowrap">
                    <Link href={`/companies/${c.id}`} className={link} prefetch={false}>
                      {c.outerSysCode || `#${c.id}`}
                    </Link>
                  </Td>
                  <Td>{c.name}</Td>
                  <Td>
                    <StatusBadge status={c.status} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : null}
        {total > rows.length ? (
          <p className="text-sm">
            <Link href={`/companies?internalUserId=${user.id}`} className={link}>
              {t('all', { count: total })}
            </Link>
          </p>
        ) : null}
        {outcome ? (
          <Alert tone={outcome.tone} title={outcome.title}>
            {outcome.text}
          </Alert>
        ) : null}
        {mayAssign ? (
          chosen ? (
            <div className="space-y-3 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
              <p>
                {t('confirm', {
                  company: [chosen.outerSysCode, chosen.name].filter(Boolean).join(' · '),
                  name,
                  from: chosen.internalUserId ? salespeople.nameOf(chosen.internalUserId) : t('nobody'),
                })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void confirm()} disabled={assign.isPending}>
                  {t('assign')}
                </Button>
                <Button variant="secondary" onClick={() => setChosen(null)} disabled={assign.isPending}>
                  {t('cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <RecordSearch
              label={t('find')}
              action="choose"
              source={companySource}
              messages="find.companySearch"
              taken={new Set(rows.map((c) => c.id))}
              onPick={(c) => {
                setOutcome(null);
                setChosen(c);
              }}
            />
          )
        ) : null}
      </div>
    </TitledCard>
  );
}
