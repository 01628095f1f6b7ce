/**
 * Where a form goes back to when it was opened from somewhere other than the record's page: a finding's fix link
 * carries the findings page it came from as `back`, so after the fix the person lands on the findings still open
 * (issue 54) rather than on the record. Only a path on this console is followed (never `//host` or a scheme).
 */
export const RETURN_PARAM = 'back';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  return value;
}

/** `href` with `back` set to the page the person is on. */
export function withReturnTo(href: string, here: string): string {
  const back = safeReturnPath(here);
  if (!back) return href;
  const [path, query = ''] = href.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(RETURN_PARAM, back);
  return `${path}?${params.toString()}`;
}
