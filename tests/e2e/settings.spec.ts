import { expect, test, type Page } from '@playwright/test';
import { newTestContext } from './contexts';
import { closeOpenedContexts, secondTab, signedInContext } from './members';
import { signInThroughForm } from './support';

test.afterEach(closeOpenedContexts);

const rootFontSize = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).fontSize);

async function expectAppearance(page: Page, dark: boolean, fontSize: string): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(html).toHaveClass(new RegExp(`\\bfont-size-${fontSize}\\b`));
}

test('font size and theme apply at once, in every tab of the member and on a new device', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const other = await secondTab(ana, '/');
  const page = ana.page;
  await page.goto('/profile/settings?tab=appearance');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');

  await page
    .getByRole('group', { name: 'Font Size' })
    .getByRole('button', { name: 'Large' })
    .click();
  await expect(page.locator('html')).toHaveClass(/\bfont-size-large\b/);
  expect(await rootFontSize(page)).toBe('18px');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
  await expectAppearance(page, true, 'large');
  await expect(
    page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The other tab follows through the push, without reloading.
  await expectAppearance(other, true, 'large');
  await expect.poll(() => rootFontSize(other)).toBe('18px');

  // Back to small from the other tab: the first one follows too.
  await other.goto('/profile/settings?tab=appearance');
  await other
    .getByRole('group', { name: 'Font Size' })
    .getByRole('button', { name: 'Small' })
    .click();
  await expectAppearance(page, true, 'small');

  // Another device (nothing in its local storage): signing in brings the stored appearance.
  const device = await newTestContext(browser, { baseURL });
  try {
    const fresh = await device.newPage();
    await fresh.goto('/login');
    await expectAppearance(fresh, false, 'medium');
    await signInThroughForm(fresh, ana.member);
    await expect(fresh).toHaveURL(/\/$/);
    await expectAppearance(fresh, true, 'small');
  } finally {
    await device.close();
  }
});

test('a notification switch is stored: it survives a reload, and works from the keyboard', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!, '/profile/settings?tab=notifications');
  const page = ana.page;
  const push = page.getByRole('switch', { name: 'Push' });
  const sms = page.getByRole('switch', { name: 'SMS' });
  await expect(push).toHaveAttribute('aria-checked', 'true');
  await expect(sms).toHaveAttribute('aria-checked', 'false');

  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/me/settings') && res.request().method() === 'PATCH',
  );
  await push.click();
  expect((await saved).status()).toBe(200);
  await expect(push).toHaveAttribute('aria-checked', 'false');

  const savedByKey = page.waitForResponse(
    (res) => res.url().endsWith('/api/me/settings') && res.request().method() === 'PATCH',
  );
  await sms.focus();
  await page.keyboard.press('Space');
  expect((await savedByKey).status()).toBe(200);
  await expect(sms).toHaveAttribute('aria-checked', 'true');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'true');
  // The same stored value shows on /settings.
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Push' })).toHaveAttribute('aria-checked', 'false');
});

test('/settings: the two-factor switch and Change Password work there, as on the profile settings', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!, '/settings');
  const page = ana.page;
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  await expect(security.getByText('Coming soon')).toHaveCount(0);

  await security.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await expect(change.getByLabel('Current password', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(change).toBeHidden();

  const twoFactorSwitch = security.getByRole('switch', { name: 'Two-factor authentication' });
  await expect(twoFactorSwitch).toHaveAttribute('aria-checked', 'false');
  await twoFactorSwitch.click();
  const twoFactor = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await twoFactor.getByLabel('Password', { exact: true }).fill(ana.member.password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  await expect(
    twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  // Not on until the code is confirmed.
  await page.keyboard.press('Escape');
  await expect(twoFactorSwitch).toHaveAttribute('aria-checked', 'false');
});
