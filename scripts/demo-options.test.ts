import { describe, expect, it } from 'vitest';
import { demoStartArgs } from './demo-options.mjs';

describe('npm run demo', () => {
  it('listens on loopback only unless HOST says otherwise', () => {
    expect(demoStartArgs({})).toEqual(['start', '-p', '3000', '-H', '127.0.0.1']);
    expect(demoStartArgs({ PORT: '4100', HOST: '0.0.0.0' })).toEqual(['start', '-p', '4100', '-H', '0.0.0.0']);
  });
});
