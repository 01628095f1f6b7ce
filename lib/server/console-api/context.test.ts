import { describe, expect, it } from 'vitest';
import { getEnv } from '../env';
import { currentTenant, getConsoleDb, getJobsUpstream, getUpstream } from '../process';
import { setInMemoryDemoEnv } from '../testing/demo-env';
import { serverContext, withServerContext } from './context';

setInMemoryDemoEnv('http://console.test', 'context-test-secret-');

// What app/ takes from the context is this process's own parts, the same objects the features below use.
describe('the server context', () => {
  it("hands out this process's database, tenant, settings and signing clients", async () => {
    const context = serverContext();
    expect(await context.consoleDb()).toBe(await getConsoleDb());
    expect(context.tenant).toBe(currentTenant());
    expect(context.env).toBe(getEnv());
    expect(context.upstream).toBe(getUpstream());
    expect(context.jobsUpstream).toBe(getJobsUpstream());
  });

  it("gives a handler its own fields with the process's parts under them, destructured as handlers do", async () => {
    const { user, tenant, consoleDb } = withServerContext({ user: { id: 'u1' } });
    expect(user).toEqual({ id: 'u1' });
    expect(tenant).toBe(currentTenant());
    expect(await consoleDb()).toBe(await getConsoleDb());
  });
});
