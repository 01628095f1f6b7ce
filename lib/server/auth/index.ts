import 'server-only';

// The console's accounts and sessions (better-auth): the instance each bundle builds on the process's database
// (getAuth), a bare one for tests (createConsoleAuth), and the console database's migration, which starts with
// better-auth's tables. What needs a page's request (the session, requireUser) is in ./request.ts, so processes
// outside Next (the worker, scripts) can load this face without next/headers or next/navigation.
export { authConfigFromEnv } from './config';
export { createConsoleAuth, type ConsoleAuth } from './create';
export { getAuth } from './instance';
export { migrateConsoleDb } from './migrate';
export type { AuthConfig } from './options';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, hasNoAccounts } from './bootstrap';
export { signInWithPostedForm } from './form-sign-in';
export { consoleAuthHandler } from './http';
export { DEFAULT_AFTER_SIGN_IN, safeReturnTo } from './return-to';
export { setSsoLinkListener, SSO_ERRORS, type SsoLink } from './sso';
export { parseAmr } from './amr';
export { amrSatisfiesSecondFactor, MFA_AMR } from './second-factor';
export {
  amrOf,
  readTwoFactorPolicy,
  secondFactorsOf,
  secondFactorState,
  writeTwoFactorPolicy,
  type SecondFactors,
  type TwoFactorMode,
} from './two-factor-state';
export { auditSecurityEvent } from './security-audit';
export { noteSessionsEnded, sessionEndReason, sessionTokensOf, type SessionEndReason } from './session-ends';
export { ACTIVITY_EVERY_MS, touchSession } from './session-activity';
