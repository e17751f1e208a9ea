import { expect, test, type Page } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, signedInContext, type SignedIn } from './members';
import { badgeValue } from './badges';
import { openMemberPage } from './support';

test.afterEach(closeOpenedContexts);

async function publishThroughApi(member: SignedIn, title: string, visibility: string) {
  const res = await member.page.request.post('/api/posts', {
    data: { title, content: `${title}: what happened today.`, status: 'published', visibility },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Replies to the comment with that text through its Reply button, and waits for the reply. */
async function reply(page: Page, to: string, text: string): Promise<void> {
  const comment = page.getByTestId('comment').filter({ hasText: to }).last();
  await comment.getByTestId('comment-reply').first().click();
  const input = page.getByTestId('reply-composer-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(page.getByTestId('comment-content').filter({ hasText: text })).toBeVisible();
}

test('a friends-only post: a friend sees it arrive, likes and comments live; a stranger never sees it', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const c = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);
  await openMemberPage(b.page);
  await expect(b.page.getByTestId('home-feed')).toBeVisible();
  await openMemberPage(c.page);
  await expect(c.page.getByTestId('home-feed')).toBeVisible();

  const title = `Friends only ${Date.now().toString(36)}`;
  const postId = await publishThroughApi(a, title, 'friendsOnly');

  // B, a friend, is told of it on the feed and loads it in place.
  const pill = b.page.getByTestId('new-posts-pill');
  await expect(pill).toBeVisible();
  await pill.click();
  await expect(b.page.getByTestId('post-card').filter({ hasText: title })).toBeVisible();

  // C, a stranger, gets no pill, no card, and its URL is 'Post not found'.
  await c.page.reload();
  await expect(c.page.getByTestId('home-feed')).toBeVisible();
  await expect(c.page.getByTestId('new-posts-pill')).toHaveCount(0);
  await expect(c.page.getByTestId('post-card').filter({ hasText: title })).toHaveCount(0);
  await c.page.goto(`/post/${postId}`);
  await expect(c.page.getByText('Post not found')).toBeVisible();
  expect((await c.page.request.get(`/api/posts/${postId}`)).status()).toBe(404);

  // A watches their open post while B likes and comments on it.
  await a.page.goto(`/post/${postId}`);
  await expect(a.page.getByTestId('post-title')).toHaveText(title);
  const notificationsBefore = await badgeValue(a.page, 'badge-notifications');

  await b.page.goto(`/post/${postId}`);
  await b.page.getByTestId('post-like').click();
  await expect(b.page.getByTestId('post-like-count')).toHaveText('1');
  const comment = b.page.getByTestId('comment-composer-input');
  await comment.fill('Lovely to read this');
  await comment.press('Enter');
  await expect(b.page.getByTestId('comment-content').filter({ hasText: 'Lovely' })).toBeVisible();

  await expect(a.page.getByTestId('post-like-count')).toHaveText('1');
  await expect(a.page.getByTestId('comment-content').filter({ hasText: 'Lovely' })).toBeVisible();
  await expect
    .poll(() => badgeValue(a.page, 'badge-notifications'))
    .toBeGreaterThan(notificationsBefore);

  // A replies three levels deep; the comment at depth 3 offers no Reply.
  await reply(a.page, 'Lovely to read this', 'Thank you (1)');
  await reply(a.page, 'Thank you (1)', 'Thank you (2)');
  await reply(a.page, 'Thank you (2)', 'Thank you (3)');
  const deepest = a.page.getByTestId('comment').filter({ hasText: 'Thank you (3)' }).last();
  await expect(deepest).toHaveAttribute('data-depth', '3');
  await expect(deepest.getByTestId('comment-reply')).toHaveCount(0);
  // B sees A's replies arrive in the thread they have open.
  await expect(
    b.page.getByTestId('comment-content').filter({ hasText: 'Thank you (3)' }),
  ).toBeVisible();

  // A may not delete B's comment: no button, and the server refuses.
  const bComment = a.page.getByTestId('comment').filter({ hasText: 'Lovely to read this' }).first();
  const bCommentId = await bComment.getAttribute('data-comment-id');
  await expect(
    a.page.locator(`[data-comment-id="${bCommentId}"] > article [data-testid="comment-delete"]`),
  ).toHaveCount(0);
  expect((await a.page.request.delete(`/api/comments/${bCommentId}`)).status()).toBe(403);
  await a.page.reload();
  await expect(a.page.getByTestId('comment-content').filter({ hasText: 'Lovely' })).toBeVisible();
});
