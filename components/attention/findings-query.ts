import type { FindingState } from '@/lib/contract/attention';
import { FINDINGS_PAGE_SIZES } from '@/lib/contract/console/attention';

/** The findings shown on a rule's page: open ones to fix, or accepted exceptions to review or reopen. */
export const SHOWN_STATES = ['open', 'accepted'] as const satisfies readonly FindingState[];
export type FindingsUrlState = { state: (typeof SHOWN_STATES)[number]; page: number; pageSize: number };

const DEFAULT_PAGE_SIZE = FINDINGS_PAGE_SIZES[0];

/** A rule page's URL (`?state=accepted&page=2&pageSize=50`); what a person could not have written reads as the default. */
export function parseFindingsQuery(search: URLSearchParams): FindingsUrlState {
  const state = search.get('state') === 'accepted' ? 'accepted' : 'open';
  const pageText = search.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  const size = Number(search.get('pageSize'));
  const pageSize = (FINDINGS_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  return { state, page, pageSize };
}

/** The query string of a state, defaults left out (the page's plain address is the open findings' first page). */
export function findingsSearch(state: FindingsUrlState): string {
  const search = new URLSearchParams();
  if (state.state !== 'open') search.set('state', state.state);
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(state.pageSize));
  const text = search.toString();
  return text ? `?${text}` : '';
}
