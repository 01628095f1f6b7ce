/**
 * The console's security headers (issue 10, point 7), pure so proxy.ts, next.config.ts and tests share them.
 * No env and no imports: next.config.ts reads this at build time and proxy.ts on every page request.
 */

/** Sent on every response, pages and API routes alike (next.config.ts `headers()`). */
export const BASE_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  // Older browsers that ignore CSP frame-ancestors.
  { key: 'X-Frame-Options', value: 'DENY' },
  // Nothing in the console uses these; a page that is somehow injected cannot ask for them either. Passkeys
  // (WebAuthn) are the exception: sign-in and Settings ask for them, on the console's own pages only (`self`).
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-create=(self), publickey-credentials-get=(self), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), browsing-topics=()',
  },
];

/** JSON and other non-HTML responses (/api, /v1): nothing may load from them, and nobody may frame them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The CSP of an HTML page. Scripts run only with this response's nonce (Next.js adds it to its own inline and
 * bundle scripts when it finds it in the request's CSP header); 'strict-dynamic' lets those load the chunks
 * they import. Styles keep 'unsafe-inline': React renders `style` attributes and the toast library inserts a
 * <style> element at run time, and a nonce cannot cover attributes (with a nonce present, browsers ignore
 * 'unsafe-inline'). `dev` adds 'unsafe-eval', which only React's development build needs.
 */
export function pageContentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh, unguessable nonce per response (128 random bits, base64). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
