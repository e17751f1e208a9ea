import { expect, request, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

test('a member creates an API token, sees it once, uses it with curl-like requests and revokes it', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  await page.goto('/profile/settings?tab=api-tokens');
  const panel = page.getByRole('region', { name: 'API tokens' });
  await expect(panel.getByText('You have no API tokens.')).toBeVisible();

  await panel.getByRole('button', { name: 'Create token' }).click();
  await expect(panel.getByText('Give the token a name')).toBeVisible();
  await panel.getByLabel('Token name').fill('Backup script');
  await panel.getByRole('checkbox', { name: /^write/ }).check();
  await panel.getByLabel('Expires after').selectOption('7');
  await panel.getByRole('button', { name: 'Create token' }).click();

  const secret = await panel.getByLabel('Your new token').inputValue();
  expect(secret).toMatch(/^agora_pat_/);
  await expect(panel.getByText('it will not be shown again')).toBeVisible();

  const client = await request.newContext({ baseURL });
  try {
    const headers = { authorization: `Bearer ${secret}` };
    expect((await client.get('/api/me/settings', { headers })).status()).toBe(200);

    // Shown once: after Done, the list has only its preview, with its scopes and last use.
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByLabel('Your new token')).toHaveCount(0);
    await page.reload();
    const row = panel.getByRole('listitem').filter({ hasText: 'Backup script' });
    await expect(row).toContainText(`agora_pat_…${secret.slice(-4)}`);
    await expect(row).toContainText('Scopes: read, write');
    await expect(row).toContainText('Last used');
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke Backup script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke Backup script' })).toHaveCount(0);
    expect((await client.get('/api/me/settings', { headers })).status()).toBe(401);
  } finally {
    await client.dispose();
  }
});
