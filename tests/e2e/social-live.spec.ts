import { expect, test, type Page } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, secondTab, signedInContext } from './members';
import { type Member } from './support';
import { badgeValue, expectBadgesMatchServer } from './badges';

test.afterEach(closeOpenedContexts);

async function expectBadge(pages: Page[], testId: string, value: number): Promise<void> {
  for (const page of pages) await expect.poll(() => badgeValue(page, testId)).toBe(value);
}

async function sendFriendRequest(from: Page, to: { member: Member; id: string }): Promise<void> {
  await from.goto('/friends?tab=search');
  await from.getByTestId('friends-search-input').fill(to.member.username);
  await from.getByTestId('friends-search-input').press('Enter');
  // Similar names of earlier test members match too; the exact username ranks first.
  await expect(from.getByTestId('friends-search-summary')).toHaveText(/^Found \d+ people$/);
  const card = from.getByTestId('friend-card').first();
  await expect(card).toHaveAttribute('data-user-id', to.id);
  await card.getByTestId('add-friend').click();
  await expect(card.getByTestId('add-friend')).toHaveCount(0);
}

/** Opens the Friends tab and picks `item` from the menu of that friend's card. */
async function chooseFromFriendMenu(page: Page, friendId: string, item: string) {
  await page.goto('/friends');
  const card = page.locator(`[data-testid="friend-card"][data-user-id="${friendId}"]`);
  await card.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return card;
}

async function sendMessage(page: Page, to: string, text: string): Promise<void> {
  await page.goto(`/messages?user=${to}`);
  const input = page.getByTestId('message-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(page.getByTestId('message-item').filter({ hasText: text })).toBeVisible();
}

for (const dropB of [false, true]) {
  test(`friend request, acceptance and a message update every badge live${dropB ? ', across a dropped connection' : ''}`, async ({
    browser,
    baseURL,
  }) => {
    const a = await signedInContext(browser, baseURL!);
    const b = await signedInContext(browser, baseURL!, '/friends?tab=requests');
    const bOther = await secondTab(b, '/');
    const bTabs = [b.page, bOther];

    // B may lose the network while A acts: nothing may be missed once it is back.
    const whileBIsAway = async (action: () => Promise<void>) => {
      if (!dropB) return action();
      await b.context.setOffline(true);
      for (const tab of bTabs) {
        await expect(tab.getByTestId('connection-status')).toHaveText(/Reconnecting/);
      }
      await action();
      await b.context.setOffline(false);
      for (const tab of bTabs) {
        await expect(tab.getByTestId('connection-status')).toHaveText('Healthy', {
          timeout: 20_000,
        });
      }
    };

    // 1. A sends B a friend request: B's Requests count and notifications badge show 1.
    await whileBIsAway(() => sendFriendRequest(a.page, b));
    await expect(b.page.getByTestId('friends-tab-requests')).toContainText('1');
    await expect(b.page.getByTestId('request-card')).toHaveCount(1);
    await expectBadge(bTabs, 'badge-notifications', 1);
    for (const page of [a.page, ...bTabs]) await expectBadgesMatchServer(page);

    // 2. B accepts: A's notifications badge rises.
    await b.page.getByTestId('accept-request').click();
    await expect(b.page.getByTestId('request-card')).toHaveCount(0);
    await expect(b.page.getByTestId('friends-tab-requests')).not.toContainText('1');
    await expectBadge([a.page], 'badge-notifications', 1);
    for (const page of [a.page, ...bTabs]) await expectBadgesMatchServer(page);

    // 3. A messages B: B's messages badge rises on both tabs.
    await whileBIsAway(() => sendMessage(a.page, b.id, 'Hello from A'));
    await expectBadge(bTabs, 'badge-messages', 1);
    await expect(a.page.getByTestId('message-status').last()).toHaveText(/Delivered/);
    for (const page of [a.page, ...bTabs]) await expectBadgesMatchServer(page);

    // 4. B opens the conversation: the badge is 0 on both tabs and A sees 'read'.
    await b.page.goto(`/messages?user=${a.id}`);
    await expect(
      b.page.getByTestId('message-item').filter({ hasText: 'Hello from A' }),
    ).toBeVisible();
    await expectBadge(bTabs, 'badge-messages', 0);
    await expect(a.page.getByTestId('message-status').last()).toHaveText(/Read/);
    for (const page of [a.page, ...bTabs]) await expectBadgesMatchServer(page);
  });
}

test('typing shows on the other side and a reply arrives live in the open thread', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await sendMessage(a.page, b.id, 'Are you there?');
  await b.page.goto(`/messages?user=${a.id}`);
  await expect(
    b.page.getByTestId('message-item').filter({ hasText: 'Are you there?' }),
  ).toBeVisible();

  await b.page.getByTestId('message-input').pressSequentially('Yes, I');
  await expect(a.page.getByTestId('typing-indicator')).toBeVisible();
  await b.page.getByTestId('message-input').press('Enter');
  await expect(a.page.getByTestId('message-item').filter({ hasText: 'Yes, I' })).toBeVisible();
});

test('notifications: the list, click to read and mark all as read clear the badge on every tab', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const c = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await sendFriendRequest(a.page, b);
  await sendFriendRequest(c.page, b);
  const bOther = await secondTab(b, '/');
  await expectBadge([b.page, bOther], 'badge-notifications', 1);

  await b.page.goto('/notifications');
  const item = b.page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('and 1 other');
  await item.click();
  await expect(b.page).toHaveURL(/\/friends\?tab=requests/);
  await expectBadge([b.page, bOther], 'badge-notifications', 0);

  await b.page.goto('/notifications');
  await expect(b.page.getByTestId('notification-item')).toHaveAttribute('data-read', 'true');
  await expect(b.page.getByTestId('notifications-mark-all')).toBeDisabled();
});

test("a friend's permissions: taking write away refuses their messages with the sandbox text", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);

  await chooseFromFriendMenu(b.page, a.id, 'Permissions');
  const dialog = b.page.getByTestId('permissions-dialog');
  await expect(dialog.getByTestId('permission-write')).toBeChecked();
  await dialog.getByTestId('permission-write').click();
  await dialog.getByTestId('permissions-save').click();
  await expect(dialog).toHaveCount(0);

  await a.page.goto(`/messages?user=${b.id}`);
  const input = a.page.getByTestId('message-input');
  await input.fill('Can you read this?');
  await input.press('Enter');
  await expect(a.page.getByText("Operation 'write' not permitted in this sandbox")).toBeVisible();
  await expect(a.page.getByTestId('message-item')).toHaveCount(0);
});

test('blocking from the friend card, then unblocking from Settings', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);

  const card = await chooseFromFriendMenu(b.page, a.id, 'Block');
  await b.page.getByTestId('confirm-action').click();
  await expect(card).toHaveCount(0);

  await b.page.goto('/settings');
  const blocked = b.page.getByTestId('blocked-members');
  await expect(blocked).toContainText(a.member.username);
  await blocked.getByRole('button', { name: /^Unblock/ }).click();
  await expect(b.page.getByText('You have not blocked anyone.')).toBeVisible();
});

test('the Add Friend dialog: nothing when empty, says so for an unknown address, sends a real request', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!, '/notifications');
  await expect(b.page.getByTestId('notifications-empty')).toHaveText('No new notifications.');
  await b.page.goto('/friends?tab=requests');

  await a.page.goto('/messages');
  await a.page.getByTestId('add-friend-button').click();
  const email = a.page.getByTestId('add-friend-email');
  await a.page.getByTestId('add-friend-send').click();
  await expect(email).toBeVisible();
  await expect(a.page.getByText(/No member has/)).toHaveCount(0);

  await email.fill(`nobody-${Date.now()}@example.com`);
  await a.page.getByTestId('add-friend-send').click();
  await expect(a.page.getByText(/^No member has the email address nobody-/)).toBeVisible();

  await email.fill(b.member.email.toUpperCase());
  await a.page.getByTestId('add-friend-send').click();
  await expect(email).toHaveCount(0);
  await expect(b.page.getByTestId('request-card')).toHaveCount(1);
  await expect(b.page.getByTestId('friends-tab-requests')).toContainText('1');
});

test('one notification preference behind both settings pages', async ({ browser, baseURL }) => {
  const a = await signedInContext(browser, baseURL!, '/settings');
  const emailSwitch = a.page.getByTestId('notification-preference-friend_request_received-email');
  await expect(emailSwitch).toBeChecked();
  await emailSwitch.click();
  await expect(a.page.getByText('Settings Saved')).toBeVisible();
  await expect(emailSwitch).not.toBeChecked();

  await a.page.goto('/profile/settings?tab=notifications');
  await expect(
    a.page.getByTestId('notification-preference-friend_request_received-email'),
  ).not.toBeChecked();
  await expect(
    a.page.getByTestId('notification-preference-friend_request_received-inApp'),
  ).toBeChecked();
  const stored = await (await a.page.request.get('/api/me/notification-preferences')).json();
  expect(stored.friend_request_received).toEqual({ inApp: true, email: false });
});
