import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { createNonce, pageContentSecurityPolicy } from '@/lib/http/security-headers';

/** Pages a signed-out visitor may see. */
const PUBLIC_PAGES = new Set(['/sign-in']);

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
  if (!isPublic && !getSessionCookie(request)) {
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
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  // Not the auth and proxy APIs (/api/*), the embedded service (/v1/*), Next's assets or files.
  matcher: ['/((?!api(?:/|$)|v1(?:/|$)|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
