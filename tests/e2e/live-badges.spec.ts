import { expect, test } from '@playwright/test';
import { otherProcessUrl, signInNewMember } from './support';

test('top-menu badges change live when another server process appends events', async ({
  page,
  playwright,
}) => {
  const { userId } = await signInNewMember(page);
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

test('after the connection drops, the status shows the retries and a reconnect re-snapshots', async ({
  page,
  context,
  playwright,
}) => {
  const { userId } = await signInNewMember(page);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveText('Healthy');

  await context.setOffline(true);
  await expect(status).toHaveText(/Reconnecting [1-5]\/5/);

  // Pushed while this browser cannot hear: only the snapshot after reconnecting can show it.
  const other = await playwright.request.newContext({ baseURL: otherProcessUrl() });
  for (const counter of ['notifications', 'messages', 'messages']) {
    const res = await other.post('/api/test/badge-events', { data: { userId, counter } });
    expect(res.status()).toBe(201);
  }
  await other.dispose();

  await context.setOffline(false);
  await expect(status).toHaveText('Healthy', { timeout: 20_000 });
  await expect(page.getByTestId('badge-notifications')).toHaveText('1');
  await expect(page.getByTestId('badge-messages')).toHaveText('2');
});

test('after five failed retries the status goes offline, and Reconnect brings it back', async ({
  page,
  context,
}) => {
  // The retries wait 1, 2, 4, 8 and 16 s; a controlled clock runs through them at once.
  await page.clock.install();
  await signInNewMember(page);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveText('Healthy');

  await context.setOffline(true);
  await expect(status).toHaveText(/Reconnecting [1-5]\/5/);
  const reconnect = page.getByRole('button', { name: 'Reconnect' });
  // 1 + 2 + 4 + 8 + 16 s of retries, a second at a time.
  for (let second = 0; second < 40 && !(await reconnect.isVisible()); second += 1) {
    await page.clock.runFor(1000);
  }
  await expect(status).toContainText('Offline');
  await expect(reconnect).toBeVisible();

  await context.setOffline(false);
  await reconnect.click();
  await expect(status).toHaveText('Healthy');
});
