import 'server-only';
import { headers } from 'next/headers';
import { requireUser } from '@/lib/server/auth/page';

/** A family's create page or a record's edit page: `/skus/new`, `/skus/2/edit` (query string allowed). */
const EDIT_PAGE = /^\/(?:companies|products|skus|bundles)\/(?:new|[^/?#]+\/edit)\/?(?:[?#]|$)/;

/**
 * A role that cannot edit master data gets the 403 page for a create or edit page, with a real 403 status.
 * The family's layout asks (from the path the proxy passes on): it renders above the family's loading.tsx, so
 * nothing has streamed yet. A page's own check (`requireEditor`) could only refuse after a 200 had gone out; it
 * still asks, for a client-side navigation, where the layout is not rendered again.
 */
export async function refuseEditPagesToReaders(): Promise<void> {
  const path = (await headers()).get('x-console-path');
  if (path && EDIT_PAGE.test(path)) await requireUser(path, 'editMasterData');
}

/** A create or edit page's own check (see above). */
export function requireEditor(path: string) {
  return requireUser(path, 'editMasterData');
}
