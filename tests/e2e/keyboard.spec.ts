import { expect, test, type Locator, type Page } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

/** Presses Tab until `target` has the focus, as a keyboard user would; fails past `limit`. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element shows where it is: an outline or a ring, not the browser's nothing. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const marked = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
  });
  expect(marked).toBe(true);
}

// Issue #23: the feed, the post page, messages and the composer without a mouse.
test('by keyboard alone a member likes and comments on a friend’s post, then opens and answers a conversation that is read out to the other side', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);
  const title = `Keyboard ${Date.now().toString(36)}`;
  const created = await b.page.request.post('/api/posts', {
    data: { title, content: 'Reachable without a mouse', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const started = await b.page.request.post('/api/conversations', {
    data: { participantId: a.id },
  });
  const { id: conversationId } = (await started.json()) as { id: string };
  expect(
    (
      await b.page.request.post(`/api/conversations/${conversationId}/messages`, {
        data: { content: 'Did you see my post?' },
      })
    ).status(),
  ).toBe(201);

  const { page } = a;
  await page.reload();
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toBeVisible();

  // Like from the feed.
  const like = card.getByTestId('post-like');
  await tabTo(page, like);
  await expectVisibleFocus(like);
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('post-like-count')).toHaveText('1');

  // Comment: the card's Comment link opens the post with the comment box focused.
  const comment = card.getByTestId('post-comment');
  await tabTo(page, comment);
  await expectVisibleFocus(comment);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/post\/.+\?focus=comment$/);
  const box = page.getByTestId('comment-composer-input');
  await expect(box).toBeFocused();
  await page.keyboard.type('Well said');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('post-comment-count').first()).toHaveText('1');

  // Messages from the top menu; the conversation by Tab and Enter; the answer by Enter.
  await b.page.goto(`/messages?conversation=${conversationId}`);
  const announcer = b.page.getByTestId('new-message-announcer');
  await expect(b.page.getByTestId('message-thread').getByTestId('message-item')).toHaveCount(1);
  const messages = page.getByRole('banner').getByRole('link', { name: /^Messages/ });
  await tabTo(page, messages);
  await expectVisibleFocus(messages);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/messages/);
  const row = page.getByTestId('conversation-item').first().getByRole('button').first();
  await tabTo(page, row);
  await expectVisibleFocus(row);
  await page.keyboard.press('Enter');
  const input = page.getByTestId('message-input');
  await tabTo(page, input);
  await page.keyboard.type('Yes, I liked it');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-thread').getByTestId('message-item')).toHaveCount(2);

  // The other side hears it through a polite live region, once.
  await expect(b.page.getByTestId('message-thread').getByTestId('message-item')).toHaveCount(2);
  await expect(announcer).toHaveText(`New message from ${a.member.username}: Yes, I liked it`);
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
});
