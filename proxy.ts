import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { parseRecordId } from '@/components/record/parse-id';
import { createNonce, pageContentSecurityPolicy } from '@/lib/http/security-headers';

/** Pages a signed-out visitor may see. */
// The second factor's page checks the session or the pending sign-in itself (a sign-in waiting for its code has no
// session cookie yet).
const PUBLIC_PAGES = new Set(['/sign-in', '/reset-password', '/two-factor']);
/** Pages that decide for themselves: the integrators' reference is open in demo mode, behind sign-in otherwise. */
const SELF_CHECKED_PAGES = new Set(['/developers']);

/**
 * A record page whose id cannot be one (`/companies/abc`) is served by the console's not-found page with a real
 * 404 status. The record pages stream behind a loading state, so their own notFound() comes after a 200.
 */
const RECORD_PAGE = /^\/(?:companies|products|skus|bundles)\/([^/]+)(?:\/edit)?\/?$/;
const NOT_FOUND_PAGE = '/_not-found-in-console';

function isMalformedRecordPage(pathname: string): boolean {
  const segment = RECORD_PAGE.exec(pathname)?.[1];
  return segment !== undefined && segment !== 'new' && parseRecordId(segment) === null;
}

/**
 * Every page request gets a fresh CSP nonce: Next.js reads it from the request's CSP header and puts it on its
 * scripts; the root layout reads `x-nonce` for its own inline script. Signed-out visitors of console pages go
 * to sign-in and come back afterwards. Only the cookie's presence is checked here (cheap, no database); every
 * page, action and route handler checks the session and role itself. The other security headers come from
 * next.config.ts, for API routes too.
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const csp = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development' });
  const { pathname, search } = request.nextUrl;
  const target = `${pathname}${search}`;
  const isPublic = PUBLIC_PAGES.has(pathname);
  if (!isPublic && !SELF_CHECKED_PAGES.has(pathname) && !getSessionCookie(request)) {
    const signIn = new URL('/sign-in', request.url);
    if (pathname !== '/') signIn.searchParams.set('next', target);
    const redirect = NextResponse.redirect(signIn);
    redirect.headers.set('Content-Security-Policy', csp);
    return redirect;
  }
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  // The cookie may still be stale; tell the console layout where the visitor was going so it can send them back.
  if (isPublic) headers.delete('x-console-path');
  else headers.set('x-console-path', target);
  const response = isMalformedRecordPage(pathname)
    ? NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url), { request: { headers } })
    : NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  // Not the auth and proxy APIs (/api/*), the embedded service (/v1/*), Next's assets or files.
  matcher: ['/((?!api(?:/|$)|v1(?:/|$)|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
