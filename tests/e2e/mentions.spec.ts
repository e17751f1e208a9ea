import { expect, test } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

test('A mentions a friend picked from the @ list by keyboard; B is told live, lands on the post, finds it on their profile', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!, '/create-post');
  const b = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);
  // B was told of A's friend request: one notification before the mention.
  const badge = b.page.getByTestId('badge-notifications');
  await expect(badge).toHaveText('1');

  const { page } = a;
  await page.getByTestId('editor-title').fill('Lunch');
  const content = page.getByTestId('editor-content');
  await content.fill('Lunch with ');
  await content.pressSequentially(`@${b.member.username.slice(0, 6)}`);
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  const option = list.getByRole('option', { name: new RegExp(b.member.username) });
  await expect(option).toBeVisible();
  await expect(content).toHaveAttribute('aria-expanded', 'true');
  await expect(option).toContainText('Friend');
  await content.press('Escape');
  await expect(list).toHaveCount(0);
  await content.pressSequentially(b.member.username.slice(6, 8));
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await content.press('Enter');
  await expect(content).toHaveValue(`Lunch with @${b.member.username} `);
  await content.pressSequentially('today!');
  await page.getByTestId('editor-publish').click();
  await expect(page).toHaveURL(/\/posts$/);

  await expect(badge).toHaveText('2');
  await b.page.goto('/notifications');
  const item = b.page
    .getByTestId('notification-item')
    .filter({ hasText: `${a.member.username} mentioned you` });
  await item.click();
  await expect(b.page).toHaveURL(/\/post\//);
  const mention = b.page.getByTestId('post-content').getByTestId('mention-link');
  await expect(mention).toHaveText(`@${b.member.username}`);

  await mention.click();
  await expect(b.page).toHaveURL(new RegExp(`/profile/${b.member.username}$`));
  await expect(b.page.getByTestId('profile-mentions').getByTestId('post-card-title')).toHaveText(
    'Lunch',
  );
});

test('A mentions B in a message, picked from the @ list by keyboard; B is told live and sees the link', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);
  const badge = b.page.getByTestId('badge-notifications');
  await expect(badge).toHaveText('1');

  const { page } = a;
  await page.goto(`/messages?user=${b.id}`);
  const input = page.getByTestId('message-input');
  await input.fill('See you at noon ');
  await input.pressSequentially('@');
  // Only the conversation's other participant can read it: the list offers them alone.
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  const option = list.getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(`@${b.member.username}`);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await input.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(input).toHaveValue(`See you at noon @${b.member.username} `);
  await expect(list).toHaveCount(0);
  await input.press('Enter');
  const sent = page.getByTestId('message-item').filter({ hasText: 'See you at noon' });
  await expect(sent.getByTestId('mention-link')).toHaveText(`@${b.member.username}`);

  await expect(badge).toHaveText('2');
  await b.page.goto('/notifications');
  await b.page
    .getByTestId('notification-item')
    .filter({ hasText: `${a.member.username} mentioned you` })
    .click();
  await expect(b.page).toHaveURL(/\/messages\?conversation=/);
  const received = b.page.getByTestId('message-item').filter({ hasText: 'See you at noon' });
  const mention = received.getByTestId('mention-link');
  await expect(mention).toHaveText(`@${b.member.username}`);
  await mention.click();
  await expect(b.page).toHaveURL(new RegExp(`/profile/${b.member.username}$`));
});
