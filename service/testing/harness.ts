import { afterAll, beforeAll } from 'vitest';
import type { Service, ServiceOptions } from '../app';
import type { Engine } from './engines';
import { stopEngines } from './engines';
import { testSeed } from './fixtures';

/**
 * One seeded service per engine per describe block (tests share it, so they use their own codes), closed
 * after the block. Returns a getter because the service exists only once beforeAll has run.
 */
export function useService(engine: Engine, options: Omit<ServiceOptions, 'db' | 'seed' | 'memory' | 'dataDir' | 'databaseUrl'> = {}, seed = testSeed()): () => Service {
  let service: Service | undefined;
  beforeAll(async () => {
    service = await engine.start(seed, options);
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('service not started');
    return service;
  };
}

/** Stops this file's Postgres cluster after every block has run. */
export function stopEnginesAfterAll(): void {
  afterAll(async () => {
    await stopEngines();
  });
}
