import 'server-only';
import { logger } from '../log';
import { getConsoleDb } from '../process';
import { recordAudit, type ConsoleOperation } from './audit-log';

/**
 * What the console's own write requests leave in the audit log: the route wrapper and the action wrapper
 * (lib/server/console-api) call recordConsoleWrite once for each write request that got past the session
 * and permission checks, whatever its outcome. What is written per record (old → new) is the History's
 * business and is filled in there; this is the one place such a request is recorded.
 */
export interface ConsoleWrite {
  user: { id: string; email: string };
  /** The endpoint's method and path template, or `action <name>`. */
  operation: ConsoleOperation;
  /** The ids in the path (an import's id), or what the action names. */
  targetIds: string[];
  /** The answer's HTTP status; 500 when the handler threw. */
  status: number;
  requestId: string;
}

function resultOf(status: number): 'applied' | 'refused' | 'unknown' {
  if (status >= 200 && status < 300) return 'applied';
  if (status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

export async function recordConsoleWrite(write: ConsoleWrite): Promise<void> {
  const result = resultOf(write.status);
  try {
    await recordAudit(await getConsoleDb(), {
      userId: write.user.id,
      userEmail: write.user.email,
      operation: write.operation,
      targetIds: write.targetIds,
      status: write.status,
      outcome: `${result} (request ${write.requestId})`,
      result,
      recordType: null,
      requestId: write.requestId,
    });
  } catch (error) {
    // The write itself already happened; its answer still goes back, and the gap is reported.
    logger().error(
      { source: 'audit', error: error instanceof Error ? error.message : error },
      'console write not recorded',
    );
  }
}
