'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type Dispatch } from 'react';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { FromWorker, ToWorker } from '@/lib/client/imports/worker-protocol';
import type { FamilyName } from '@/lib/contract/console/import-values';
import type { SavedMapping } from '@/lib/imports/mapping';
import { autoCompares, type WizardAction } from './reducer';

// The endpoints' answer schemas (zod) load with the first call, not with the page.
const imports = () => import('@/lib/contract/console/imports').then((m) => m.importsApi);

/**
 * The wizard's one worker (it reads, checks and uploads the file off the main thread): its messages become
 * actions; a check small enough is followed by "Compare with live data" at once.
 */
export function useImportWorker(
  family: FamilyName | '',
  dispatch: Dispatch<WizardAction>,
): (message: ToWorker) => void {
  const router = useRouter();
  const worker = useRef<Worker | null>(null);

  useEffect(() => {
    const w = new Worker(new URL('../../../../../lib/client/imports/import.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.current = w;
    return () => w.terminate();
  }, []);

  useEffect(() => {
    const w = worker.current;
    if (!w) return;
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === 'progress')
        dispatch({ type: 'progress', progress: { phase: m.phase, done: m.done, total: m.total } });
      else if (m.type === 'preview') dispatch({ type: 'previewed', result: m.result });
      else if (m.type === 'checked') {
        dispatch({ type: 'checked', result: m.result });
        if (autoCompares(family, m.result)) w.postMessage({ type: 'compare' } satisfies ToWorker);
      } else if (m.type === 'rechecked') dispatch({ type: 'rechecked', result: m.result });
      else if (m.type === 'compared') dispatch({ type: 'compared', result: m.result });
      else if (m.type === 'sent') router.push(`/imports/${m.importId}`);
      else if (m.type === 'failed') {
        dispatch({
          type: 'failed',
          failure: {
            code: m.code,
            activeImportId: m.activeImportId,
            startedImportId: m.startedImportId,
            startUnknown: m.startUnknown,
            during: m.during,
          },
        });
      }
    };
  }, [router, family, dispatch]);

  return (message: ToWorker) => worker.current?.postMessage(message);
}

/** The saved mapping of this family for this user, offered first. */
export function useSavedMapping(family: FamilyName | '', dispatch: Dispatch<WizardAction>) {
  useEffect(() => {
    if (!family) return;
    let live = true;
    imports()
      .then((api) => consoleFetch(api.mapping, { params: { family } }))
      .then((r) => live && dispatch({ type: 'savedLoaded', saved: r.mapping }))
      .catch(() => live && dispatch({ type: 'savedLoaded', saved: {} }));
    return () => {
      live = false;
    };
  }, [family, dispatch]);
}

/** Remembers the mapping the user checked with, for the next file of this family. */
export function saveMapping(family: FamilyName, mapping: SavedMapping) {
  void imports()
    .then((api) => consoleFetch(api.saveMapping, { params: { family }, body: { mapping } }))
    .catch(() => {});
}
