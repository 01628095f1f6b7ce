import { loadLater } from '@/lib/client/load-later';

/** The recipe editor's drag and drop (./recipe-drag), loaded after first paint, not with the page. */
export const recipeDrag = loadLater(() => import('./recipe-drag'));
