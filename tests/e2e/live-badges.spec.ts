import { expect, test } from '@playwright/test';
import { newMember, otherProcessUrl, registerThroughApi, signInThroughForm } from './support';

test('top-menu badges change live when another server process appends events', async ({
  page,
  playwright,
}) => {
  const member = newMember();
  const userId = await registerThroughApi(page.request, member);
  await page.goto('/login');
  await signInThroughForm(page, member);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  await expect(page.getByTestId('badge-notifications')).toHaveCount(0);

  const other = await playwright.request.newContext({ baseURL: otherProcessUrl() });
  const raise = async (counter: string, delta = 1) => {
    const res = await other.post('/api/test/badge-events', { data: { userId, counter, delta } });
    expect(res.status()).toBe(201);
  };

  await raise('notifications');
  await expect(page.getByTestId('badge-notifications')).toHaveText('1');
  await raise('notifications');
  await raise('messages');
  await expect(page.getByTestId('badge-notifications')).toHaveText('2');
  await expect(page.getByTestId('badge-messages')).toHaveText('1');
  await raise('messages', -1);
  await expect(page.getByTestId('badge-messages')).toHaveCount(0);

  const snapshot = await (await page.request.get('/api/me/badges')).json();
  expect(snapshot).toMatchObject({ notifications: 2, messages: 0 });
  await other.dispose();
});
