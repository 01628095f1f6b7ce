import { getAuth } from '@/lib/server/auth/auth';

// better-auth's endpoints (sign-in, sign-out, session, admin). Rate limiting and CSRF checks happen inside.
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(request);
}

export { handle as GET, handle as POST };
