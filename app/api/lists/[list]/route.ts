import { listsApi } from '@/lib/contract/console/lists';
import { consoleRoute } from '@/lib/server/console-api';
import { listFiltersOf, readShownList } from '@/lib/server/mirror';
import { askForRound } from '@/lib/server/mirror';
import { requestLocaleOf } from '@/lib/server/preferences/request';

// A list page from the mirror (sorted, searched, counted, with its freshness), or word to page live through the proxy.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(
  listsApi.read,
  async ({ params, query, fail, request, user, consoleDb, env, mirror }) => {
    const { list } = params;
    const filters = listFiltersOf(list, query);
    if (!filters) return fail('invalid_parameter');
    // Refresh: a run of the passes now, started here or by an instance that runs them (not waited for: the list
    // reads its copy again at the interval).
    if (query.refresh && env.mirror.enabled)
      void mirror()
        .then(async (schedule) => askForRound(await consoleDb(), schedule))
        .catch(() => {});
    return readShownList({
      list,
      filters,
      q: query.q,
      sort: query.sort,
      dir: query.dir,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 25,
      locale: await requestLocaleOf(request, user.id),
    });
  },
);
