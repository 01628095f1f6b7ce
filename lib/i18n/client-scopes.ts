import type { Messages } from './messages';

export type Namespace = keyof Messages;

/**
 * The catalogue namespaces the browser receives, by the app/ folder whose layout hands them over
 * (components/i18n/client-messages.tsx). A page's client components read the union of its folder's scope and
 * every parent folder's; the server reads the whole catalogue. Sending only these keeps the page's RSC
 * payload small (the whole catalogue was ~70 kB on every page). lib/i18n/client-scopes.test.ts fails when a
 * client component uses a namespace its page does not receive.
 */
export const CLIENT_SCOPES = {
  // app/layout.tsx: ErrorCatalogueSync hands the error sentences to code outside React, on every page.
  // valueIssues and resultWords: a refused value's sentence and an outcome's word, the same on every screen.
  '': ['errors', 'errorFallback', 'ui', 'valueIssues', 'resultWords'],
  '(auth)': ['signIn', 'sso', 'passwordReset', 'twoFactor'],
  // The integrators' reference page (open without an account in demo mode).
  '(developers)': ['developers'],
  // approvalDecisions: an amount box's read-back (every form) and a proposal's step in History and the audit log.
  '(console)': ['shell', 'nav', 'find', 'dataTable', 'records', 'approvalDecisions'],
  // A rule's findings; `attention` and `home` also go with the four record families, whose pages list their
  // findings above their details (components/record/record-page.tsx).
  '(console)/attention': ['attention', 'home', 'writes'],
  '(console)/audit': ['audit', 'history'],
  '(console)/bundles': ['bundles', 'writes', 'attention', 'home'],
  '(console)/bundles/[id]': ['forms', 'history'],
  '(console)/bundles/[id]/edit': ['products'],
  '(console)/bundles/new': ['forms', 'products'],
  '(console)/companies': ['companies', 'writes', 'forms', 'history', 'imports', 'workbench', 'attention', 'home'],
  '(console)/exports': ['exports', 'writes'],
  // `attention`: the check names the "Needs attention" rule a row would open. `rejections`: the rows an ERP sync
  // could not apply (imports/rejections) and the log upload (imports/sync).
  '(console)/imports': ['imports', 'workbench', 'attention', 'rejections'],
  // The results page's file format choice uses the Exports page's words.
  '(console)/imports/[id]': ['exports'],
  '(console)/products': ['products', 'skus', 'writes', 'forms', 'history', 'imports', 'workbench', 'attention', 'home'],
  '(console)/quotas': ['quotas', 'writes', 'approvals'],
  '(console)/approvals': ['approvals'],
  '(console)/settings': ['settings', 'roles', 'sessions', 'twoFactor', 'approvals'],
  '(console)/skus': ['skus', 'bundles', 'writes', 'forms', 'history', 'imports', 'workbench', 'attention', 'home'],
  '(console)/status': ['status'],
  // `attention`: the History panel names a finding's rule (users have none, but the panel is shared).
  '(console)/users': ['users', 'writes', 'forms', 'history', 'attention', 'companies'],
} as const satisfies Record<string, readonly Namespace[]>;

export type ClientScope = keyof typeof CLIENT_SCOPES;

/** The scope's namespaces of a catalogue (compiled or not: values are passed through untouched). */
export function scopeMessages(messages: Record<string, unknown>, scope: ClientScope): Record<string, unknown> {
  return Object.fromEntries(CLIENT_SCOPES[scope].map((namespace) => [namespace, messages[namespace]]));
}
