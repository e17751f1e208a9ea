import { expect, test, type Page } from '@playwright/test';
import { newTestContext } from './contexts';
import { generate } from 'otplib';
import { closeOpenedContexts, secondTab, signedInContext } from './members';
import { newMember, otherProcessUrl, signInNewOperator, signInThroughForm } from './support';

const NEW_PASSWORD = 'Fresh-Harbour-42';

test.afterEach(closeOpenedContexts);

const requirement = (page: Page, id: string) => page.locator(`[data-rule="${id}"]`);

test('a required rotation holds every tab on the form, and the change signs the other tab out', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const other = await secondTab(ana, '/friends');

  // An owner, acting through the other server process: the push crosses processes.
  const owner = await playwright.request.newContext({ baseURL: otherProcessUrl() });
  const boss = newMember();
  const signedUp = await owner.post('/api/auth/sign-up', { data: boss });
  expect(signedUp.status()).toBe(201);
  const { id: bossId } = (await signedUp.json()) as { id: string };
  expect(
    (await owner.post(`/api/test/users/${bossId}/role`, { data: { role: 'owner' } })).status(),
  ).toBe(204);
  expect((await owner.post(`/api/admin/users/${ana.id}/require-password-rotation`)).status()).toBe(
    204,
  );
  await owner.dispose();

  for (const tab of [ana.page, other]) {
    await expect(tab).toHaveURL(/\/password-rotation$/);
    await expect(tab.getByRole('heading', { name: 'Password Rotation Required' })).toBeVisible();
  }
  // Every other route leads back to the form, and the API refuses the member meanwhile.
  await other.goto('/messages');
  await expect(other).toHaveURL(/\/password-rotation$/);
  expect((await ana.page.request.get('/api/me/badges')).status()).toBe(403);

  const page = ana.page;
  await page.getByLabel('Current password', { exact: true }).fill(ana.member.password);
  const fresh = page.getByLabel('New password', { exact: true });
  await fresh.fill('short');
  await expect(requirement(page, 'length')).toHaveAttribute('data-met', 'false');
  await expect(requirement(page, 'lowercase')).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Confirm new password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert').first()).toContainText(
    'Please ensure all password requirements are met',
  );

  await fresh.fill(NEW_PASSWORD);
  for (const id of ['length', 'uppercase', 'lowercase', 'digit', 'special', 'notCommon']) {
    await expect(requirement(page, id)).toHaveAttribute('data-met', 'true');
  }
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(fresh).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh-Harbour-43');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password updated successfully. Please log in again.')).toBeVisible();

  // The other tab was signed out by the server, not by this one.
  await expect(other).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(ana.member.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
});

test("an owner requires it from the member's profile, after confirming", async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const ownerContext = await newTestContext(browser, { baseURL });
  try {
    const ownerPage = await ownerContext.newPage();
    await signInNewOperator(ownerPage, `/profile/${ana.member.username}`);
    await ownerPage.getByRole('button', { name: 'Require password change' }).click();
    await ownerPage
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: 'Require password change' })
      .click();
    await expect(ownerPage.getByText('must choose a new password before going on')).toBeVisible();
    await expect(ana.page).toHaveURL(/\/password-rotation$/);
  } finally {
    await ownerContext.close();
  }
});

test('a member with two-factor sign-in passes the second step with a code, then a recovery code', async ({
  page,
}) => {
  const member = newMember();
  expect((await page.request.post('/api/auth/sign-up', { data: member })).status()).toBe(201);
  const setup = await page.request.post('/api/me/two-factor/setup', {
    data: { password: member.password },
  });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/me/two-factor/enable', {
    data: { code: await generate({ secret }) },
  });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  await page.request.post('/api/auth/sign-out');

  await page.goto('/login');
  await signInThroughForm(page, member);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Verification code').fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
  await page.getByLabel('Verification code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');

  await page.request.post('/api/auth/sign-out');
  await page.goto('/login');
  await signInThroughForm(page, member);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
});
