import 'server-only';
import { getEnv } from '../env';
import { installProcess } from '../process';
import type { JobRunner, RecurringJob } from '../jobs';
import { createJobRunner, createMirrorSchedule } from './parts';
import { ProcessRuntime } from './process';

/**
 * This process's ProcessRuntime, installed as the process's parts (lib/server/process) when this module is
 * first loaded: importing the runtime is what makes an entry point one. The first bundle to load it makes it
 * (instrumentation in a web process, the worker script in a worker), so the job runner runs that bundle's
 * job kinds, as before; later bundles find it. Not loaded by server.ts, which wraps Next from outside its
 * bundles: it stops the parts through lib/server/process.
 */
const installed = installProcess(
  () => new ProcessRuntime(getEnv, { jobRunner: createJobRunner, mirror: createMirrorSchedule }),
);

export function runtime(): ProcessRuntime {
  return installed;
}

/** This process's job runner, started once and woken (null where jobs do not run). */
export function ensureJobRunner(): Promise<JobRunner | null> {
  return installed.ensureJobRunner();
}

/**
 * This process's schedule of the mirror's passes (null where jobs do not run or MIRROR=off); started at start-up
 * by startRuntime(). A Refresh wakes it.
 */
export function ensureMirror(): Promise<RecurringJob | null> {
  return installed.ensureMirror();
}
