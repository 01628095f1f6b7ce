import 'server-only';
import { headers } from 'next/headers';
import type { z } from 'zod';
import type { ActionRefusal, ConsoleAction } from '@/lib/contract/console/action';
import type { ResponseOf } from '@/lib/contract/console/endpoint';
import { can } from '@/lib/contract/roles';
import { recordConsoleWrite } from '../audit';
import { getCurrentUser, type CurrentUser } from '../auth/request';
import { requestIdOf } from '../http';
import type { Locale } from '@/lib/i18n/locale';
import { requestLocale } from '../preferences/request';
import { withServerContext, type ServerContext } from './context';

/**
 * The server actions' counterpart of the route wrapper: the session, the permission through can(), the input
 * with the contract's schema, catalogue codes for refusals, one audit entry per call of a write action.
 * Next already refuses a server action posted from another origin (its own Origin / Host check), so there is
 * no browser check to add here. The handler also gets this process's context (./context.ts), as a route's does.
 *
 *   export async function applyQuotaEditAction(input: unknown) {
 *     return runAction(quotaActions.apply, input, async ({ user, input, consoleDb }) => ...);
 *   }
 */

export interface ActionContext<A extends ConsoleAction> extends ServerContext {
  /** Null only for an action anyone may take (`permission: null`). */
  user: A['permission'] extends null ? CurrentUser | null : CurrentUser;
  input: z.output<A['input']>;
  requestId: string;
  /** The person's language (their saved choice, else this browser's). */
  locale(): Promise<Locale>;
}

export interface ActionOptions<R> {
  /** How the action answers a refusal, when its callers expect their own shape (a form's state). */
  refused?: (refusal: ActionRefusal) => R | Promise<R>;
  /** What the audit entry names (an account's id); the default is none. */
  targets?: (input: unknown) => string[];
}

export function runAction<A extends ConsoleAction, R = ResponseOf<A>>(
  entry: A,
  rawInput: unknown,
  handler: (context: ActionContext<A>) => Promise<R>,
  options: ActionOptions<R> & { refused: NonNullable<ActionOptions<R>['refused']> },
): Promise<R>;
export function runAction<A extends ConsoleAction, R = ResponseOf<A>>(
  entry: A,
  rawInput: unknown,
  handler: (context: ActionContext<A>) => Promise<R>,
  options?: ActionOptions<R>,
): Promise<R | ActionRefusal>;
export async function runAction<A extends ConsoleAction, R = ResponseOf<A>>(
  entry: A,
  rawInput: unknown,
  handler: (context: ActionContext<A>) => Promise<R>,
  options: ActionOptions<R> = {},
): Promise<R | ActionRefusal> {
  const refuse = async (refusal: ActionRefusal) => (options.refused ? options.refused(refusal) : refusal);
  const requestHeaders = await headers();
  const requestId = requestIdOf(requestHeaders);
  const user = await getCurrentUser(requestHeaders);
  if (entry.permission !== null) {
    if (!user) return refuse({ error: 'unauthenticated' });
    if (!can(user.role, entry.permission)) return refuse({ error: 'forbidden' });
  }
  const input = entry.input.safeParse(rawInput);
  if (!input.success) return refuse({ error: 'invalid_parameter' });

  let status = 500;
  try {
    const answer = await handler(
      withServerContext({
        user: user as ActionContext<A>['user'],
        input: input.data as z.output<A['input']>,
        requestId,
        locale: requestLocale,
      }),
    );
    status = 200;
    return answer;
  } finally {
    if (user && entry.audit === 'request') {
      await recordConsoleWrite({
        user,
        operation: `action ${entry.name}`,
        targetIds: options.targets?.(input.data) ?? [],
        status,
        requestId,
      });
    }
  }
}
