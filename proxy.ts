import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';

/**
 * Signed-out visitors of console pages go to sign-in and come back afterwards. Only the cookie's presence is
 * checked here (cheap, no database); every page, action and route handler checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const target = `${pathname}${search}`;
  if (!getSessionCookie(request)) {
    const signIn = new URL('/sign-in', request.url);
    if (pathname !== '/') signIn.searchParams.set('next', target);
    return NextResponse.redirect(signIn);
  }
  // The cookie may still be stale; tell the console layout where the visitor was going so it can send them back.
  const headers = new Headers(request.headers);
  headers.set('x-console-path', target);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Not the auth and proxy APIs (/api/*), the embedded service (/v1/*), Next's assets, the sign-in page or files.
  matcher: ['/((?!api(?:/|$)|v1(?:/|$)|_next/|sign-in(?:/|$)|.*\\.[A-Za-z0-9]+$).*)'],
};
