'use client';

import { useEffect } from 'react';

/** Forms on this page with unsaved edits; one prompt however many there are. */
const dirtyForms = new Set<symbol>();
let prompt = '';

/** A plain left click on a link to another page of this console, which Next would turn into a soft navigation. */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href, window.location.href);
  // Another site: a full page load, which beforeunload already asks about.
  if (to.origin !== window.location.origin) return false;
  return to.pathname !== window.location.pathname || to.search !== window.location.search;
}

function onClick(event: MouseEvent) {
  if (dirtyForms.size === 0 || !leavesPage(event)) return;
  if (window.confirm(prompt)) return;
  // Capture phase on window, so neither the browser nor Next's <Link> (React listens lower down) navigates.
  event.preventDefault();
  event.stopImmediatePropagation();
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (dirtyForms.size > 0) event.preventDefault();
}

/**
 * Asks before unsaved edits are lost: on closing or reloading the tab (the browser's own prompt), and on
 * following a link to another console page (`message`, a native confirm: keyboard and screen-reader ready).
 * Next's App Router has no navigation-blocking API, so links are caught as they are clicked; the browser's
 * Back button is not covered.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string) {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('form');
    prompt = message;
    if (dirtyForms.size === 0) {
      window.addEventListener('click', onClick, true);
      window.addEventListener('beforeunload', onBeforeUnload);
    }
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
      if (dirtyForms.size === 0) {
        window.removeEventListener('click', onClick, true);
        window.removeEventListener('beforeunload', onBeforeUnload);
      }
    };
  }, [dirty, message]);
}
