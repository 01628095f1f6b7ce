/**
 * Where to go after signing in: the home ("Needs attention"), or the path on this console that was asked for
 * ("/companies?page=2"). Only such a path is accepted; anything that could leave the site ("//evil.example",
 * "https://…", "/\\evil") or loop back to sign-in falls back to the home. Pure, so the proxy, the sign-in page
 * and tests share it.
 */
export const DEFAULT_AFTER_SIGN_IN = '/';

export function safeReturnTo(value: string | string[] | null | undefined): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn "/\t/evil" into "//evil".
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return DEFAULT_AFTER_SIGN_IN;
  try {
    const url = new URL(candidate, 'http://console.invalid');
    if (url.origin !== 'http://console.invalid') return DEFAULT_AFTER_SIGN_IN;
    // Checked again after normalisation: "/.//evil.example" resolves to the path "//evil.example", which a
    // browser reads as another host.
    if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return DEFAULT_AFTER_SIGN_IN;
    if (url.pathname === '/sign-in' || url.pathname.startsWith('/api/')) return DEFAULT_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}
