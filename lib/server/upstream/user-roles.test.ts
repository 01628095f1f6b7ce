import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rolesFromSeed } from './user-roles';
import { DEMO_CLIENT_ID } from '../env';

const demo = JSON.parse(readFileSync('service/seed/demo.json', 'utf8')) as unknown;

describe('rolesFromSeed', () => {
  it("reads the roles of the tenant that holds the console's client id, with the administrator flag", () => {
    const roles = rolesFromSeed(demo, DEMO_CLIENT_ID);
    expect(roles).toContainEqual({ id: 1, name: 'System administrator', isAdmin: true });
    expect(roles).toContainEqual({ id: 2, name: 'Sales', isAdmin: false });
    // Another tenant's roles (acme's 4 and 5) are not this console's.
    expect(roles?.map((r) => r.id)).not.toContain(4);
    expect(rolesFromSeed(demo, 'acme-erp')?.map((r) => r.id)).toEqual([4, 5]);
  });

  it('gives nothing for an unknown client id or a file that is not a seed', () => {
    expect(rolesFromSeed(demo, 'nobody')).toBeNull();
    expect(rolesFromSeed({ tenants: 'x' }, DEMO_CLIENT_ID)).toBeNull();
  });
});
