import 'server-only';
import type { Role } from '@/lib/contract/roles';

/** Demo accounts (demo mode only; the README lists them). Apart from bootstrap.ts, which the session check cannot load. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role }> = [
  { email: 'admin@example.com', name: 'Demo Admin', role: 'admin' },
  { email: 'steward@example.com', name: 'Demo Steward', role: 'steward' },
  { email: 'manager@example.com', name: 'Demo Manager', role: 'manager' },
  { email: 'viewer@example.com', name: 'Demo Viewer', role: 'viewer' },
];
