// The zh-TW twin of messages/en/index.ts: the same files and keys (lib/i18n/catalogue-parity.test.ts checks it).
import app from './app.json';
import shell from './shell.json';
import ui from './ui.json';
import dataTable from './data-table.json';
import forms from './forms.json';
import status from './status.json';
import audit from './audit.json';
import records from './records.json';
import companies from './companies.json';
import products from './products.json';
import skus from './skus.json';
import bundles from './bundles.json';
import users from './users.json';
import quotas from './quotas.json';
import writes from './writes.json';
import errors from './errors.json';
import imports from './imports.json';
import workbench from './workbench.json';
import history from './history.json';
import find from './find.json';
import exportsCatalogue from './exports.json';
import attention from './attention.json';
import home from './home.json';
import twoFactor from './two-factor.json';
import signInSecurity from './sign-in-security.json';
import valueIssues from './value-issues.json';
import resultWords from './result-words.json';
import rejections from './rejections.json';
import approvals from './approvals.json';
import approvalDecisions from './approval-decisions.json';
import developers from './developers.json';

export const zhTW = {
  ...app,
  ...ui,
  ...shell,
  ...dataTable,
  ...forms,
  ...status,
  ...audit,
  ...records,
  ...companies,
  ...products,
  ...skus,
  ...bundles,
  ...users,
  ...errors,
  ...writes,
  ...imports,
  ...quotas,
  ...history,
  ...find,
  ...exportsCatalogue,
  ...workbench,
  ...attention,
  ...approvals,
  ...approvalDecisions,
  ...home,
  ...twoFactor,
  ...signInSecurity,
  ...valueIssues,
  ...resultWords,
  ...rejections,
  ...developers,
};
