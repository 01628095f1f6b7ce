import 'server-only';
import type { FindingsPage, FindingState, RuleId } from '@/lib/contract/attention';
import { getConsoleDb } from '../process';
import { evaluateWorkIfDue } from './evaluate';
import { readFindings, readSummary } from './views';

/**
 * The reads behind the home's and a rule's routes (app/api/attention), kept here so a benchmark wraps the same
 * bodies in the same route wrapper without loading Next's page modules.
 */
export const attentionReads = {
  /** The person's home; the work rule, which no mirror pass evaluates, is brought up to date first. */
  async summary({ user }: { user: { role: string } }) {
    const db = await getConsoleDb();
    await evaluateWorkIfDue(db);
    return readSummary(db, user.role);
  },
  /** A rule's findings; null when the person's role does not see the rule. */
  async findings({
    params,
    query,
    user,
  }: {
    params: { rule: RuleId };
    query: { state?: FindingState; page?: number; pageSize?: number };
    user: { role: string };
  }): Promise<FindingsPage | null> {
    const db = await getConsoleDb();
    if (params.rule === 'import-rows-waiting') await evaluateWorkIfDue(db);
    return readFindings(db, user.role, params.rule, query);
  },
};
