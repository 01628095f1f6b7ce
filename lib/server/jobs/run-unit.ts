import 'server-only';
import { failSpanWith, withSpan, type Span } from '../telemetry';
import type { AnyJobKind, JobContext, ReadBack, UnitResult, Written } from './kind';

/** The mirror's read-back of what a unit wrote (JobRunnerOptions.readBack); null when it could not read. */
export type UnitReadBack = (written: Written, sentAt: number) => Promise<ReadBack | null>;

/**
 * Runs one unit: a thrown error fails it with { code: 'unit_error', message }. A unit that wrote mirrored
 * records (its kind's `written`) has them read back here, after its answer and before it is recorded done,
 * so the records are copied into the mirror in the same transaction as its outcome (record-finished.ts).
 */
export async function runUnit(
  kind: AnyJobKind,
  input: unknown,
  context: JobContext<unknown>,
  readBack: UnitReadBack | undefined,
): Promise<{ outcome: UnitResult; readBack?: ReadBack }> {
  const startedAt = Date.now();
  let outcome: UnitResult;
  try {
    // One span per unit (a job's step); the unit's /v1 calls are its children.
    outcome = await withSpan(`job ${kind.name}`, (span) => runTraced(kind, input, context, span), {
      attributes: { 'console.job.kind': kind.name, 'console.job.id': context.jobId },
    });
  } catch (error) {
    return {
      outcome: {
        ok: false,
        error: { code: 'unit_error', message: error instanceof Error ? error.message : String(error) },
      },
    };
  }
  const written = readBack && outcome.ok ? kind.written?.(input, outcome.result, context) : null;
  if (!written) return { outcome };
  // A failed read-back leaves the records to the mirror's next pass. The runtime's readBack never throws; should
  // one, the unit is still recorded with its outcome (the write is done), never left in flight.
  const read = await readBack!(written, startedAt).catch(() => null);
  return { outcome, readBack: read ?? undefined };
}

async function runTraced(kind: AnyJobKind, input: unknown, context: JobContext<unknown>, span: Span) {
  const outcome = await kind.run(input, context);
  if (!outcome.ok) {
    const error = outcome.error as { code?: unknown } | null;
    failSpanWith(span, typeof error?.code === 'string' ? error.code : 'unit failed');
  }
  return outcome;
}
