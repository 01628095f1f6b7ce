'use client';

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useSavedChoice } from './saved-choice';

/** Below this width the filters start folded unless the account chose otherwise (Tailwind's `lg`). */
const WIDE = '(min-width: 1024px)';

type FoldingState = { folded: boolean | null; setFolded: (folded: boolean) => void };

const FoldingContext = createContext<FoldingState>({ folded: null, setFolded: () => {} });

/**
 * Whether list filters are folded to one line of chips: the account's choice, kept with it by `save` (a
 * server action) so it holds on any browser. null until the person chooses: then the width decides.
 */
export function FiltersFoldingProvider({
  initial,
  save,
  children,
}: {
  initial: boolean | null;
  save: (folded: boolean) => Promise<void>;
  children: ReactNode;
}) {
  const [folded, setFolded] = useSavedChoice<boolean | null, boolean>(initial, save);
  return <FoldingContext.Provider value={{ folded, setFolded }}>{children}</FoldingContext.Provider>;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The filters' state for one list. `chosen` is null while the width decides: the server renders both states
 * with CSS (open from `lg`), so the first paint is right before hydration; `open` says what is shown.
 */
export function useFiltersFolding() {
  const { folded, setFolded } = useContext(FoldingContext);
  // The server cannot know the width; it assumes a laptop, as the CSS does.
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  const open = folded === null ? wide : !folded;
  return { chosen: folded === null ? null : !folded, open, setOpen: (next: boolean) => setFolded(!next) };
}
