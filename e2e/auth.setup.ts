import { test as setup } from './fixtures/test';
import { signIn, storageStateFor, type RoleName } from './fixtures/accounts';

// Signs in once per role and saves the cookies, so specs start signed in (test.use({ storageState })).
for (const role of ['admin', 'steward', 'manager', 'viewer'] as RoleName[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, role);
    await page.context().storageState({ path: storageStateFor(role) });
  });
}
