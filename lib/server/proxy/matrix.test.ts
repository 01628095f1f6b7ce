import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { OPERATIONS, type OperationId } from '@/lib/contract/operations';
import { ROLES, type Role } from '@/lib/contract/roles';
import { consoleRequest, createProxyHarness } from '../testing/proxy-harness';

// Every allowlisted operation × every role and signed out, through the real handler, a real better-auth
// session and the real reference service in-process. The rule is restated here on purpose, independent of
// lib/contract/roles: viewers read only, managers write only credit and point quota, stewards write everything,
// and back-office users (even reading them) are for admins alone.
function expectedAllowed(role: Role, op: OperationId): boolean {
  if (op.includes('/internal-users')) return role === 'admin';
  if (op.startsWith('GET ')) return true;
  if (role === 'viewer') return false;
  if (role === 'manager') return /^POST \/v1\/companies\/(credit|point)-quota\/batch$/.test(op);
  return true;
}

const SAMPLE_IDS: Record<string, string> = {
  companies: '1',
  products: '1',
  skus: '1',
  bundles: '10',
  'internal-users': '2',
};

function sample(op: OperationId): { method: string; path: string; body?: string } {
  const [method, template] = op.split(' ') as [string, string];
  const resource = template.split('/')[2]!;
  const path = template.replace('{id}', SAMPLE_IDS[resource] ?? '1');
  if (method === 'GET') return { method, path };
  // Batches get an empty array (400 empty_batch, nothing changes); single writes an empty object.
  return { method, path, body: template.endsWith('/batch') ? '[]' : '{}' };
}

const h = sharedFixture(createProxyHarness);

describe('proxy role matrix', () => {
  it('covers every operation of the contract', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(34);
  });

  for (const who of [null, ...ROLES] as const) {
    it(`${who ?? 'signed out'}: allowed operations reach the upstream, the rest never do`, async () => {
      const rows: string[] = [];
      for (const op of OPERATIONS) {
        const { method, path, body } = sample(op);
        const before = h().reached.length;
        const response = await h().proxy(
          consoleRequest(method, path, { cookie: who ? h().cookies[who] : undefined, body }),
        );
        const reached = h().reached.slice(before);
        const json = (await response.json().catch(() => null)) as { error?: string } | null;

        if (who === null) {
          expect(response.status, op).toBe(401);
          expect(json?.error, op).toBe('unauthenticated');
          expect(reached, op).toHaveLength(0);
        } else if (expectedAllowed(who, op)) {
          expect(
            reached.map((r) => `${r.method} ${r.pathAndQuery}`),
            op,
          ).toEqual([`${method} ${path}`]);
          // The upstream's own answer, not a proxy refusal: the credential is enabled for everything.
          expect([401, 403, 413, 502, 504], op).not.toContain(response.status);
          expect(json?.error === 'operation_not_allowed', op).toBe(false);
        } else {
          expect(response.status, op).toBe(403);
          expect(json?.error, op).toBe('forbidden');
          expect(reached, op).toHaveLength(0);
        }
        rows.push(`${op} → ${response.status}`);
      }
      expect(rows).toHaveLength(OPERATIONS.length);
    });
  }
});
