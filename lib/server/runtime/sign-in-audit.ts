import 'server-only';
import { recordAudit } from '../audit';
import { setSsoLinkListener } from '../auth';

/**
 * An SSO identity newly linked to a console account (or a first SSO sign-in that created one) goes to the audit
 * log with who and from where. Set here because the audit log is a feature above lib/server/auth.
 */
export function installSignInAudit(): void {
  setSsoLinkListener((db, link) =>
    recordAudit(db, {
      userId: link.userId,
      userEmail: link.email,
      operation: `account sso-link (${link.provider})`,
      targetIds: [link.email],
      status: 200,
      outcome: 'applied',
      clientAddress: link.address,
    }),
  );
}
