import { expect, test, type Page } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, signedInContext } from './members';
import { E2E_PORTS } from './ports';
import { badgeValue } from './badges';
import { openMemberPage } from './support';

test.afterEach(closeOpenedContexts);

// The app's own static page: the only loopback address the e2e servers let previews fetch.
const LINK = `http://127.0.0.1:${E2E_PORTS.app}/privacy-policy.html`;

/** Picks `username` from the editor's @ list by keyboard after typing its first letters. */
async function mentionByKeyboard(page: Page, username: string): Promise<void> {
  const content = page.getByTestId('editor-content');
  await content.pressSequentially(`@${username.slice(0, 8)}`);
  const option = page
    .getByRole('listbox', { name: 'Members to mention' })
    .getByRole('option', { name: new RegExp(username) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await content.press('Enter');
}

// Issue #22, "Done when": mentions, a link preview, a tag, search and a repost in one story,
// with a third member the post's audience leaves out.
test('A mentions B in a friends-only post with a link and a tag; C, outside it, finds nothing; B reposts live; C follows the tag', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!, '/create-post');
  const b = await signedInContext(browser, baseURL!);
  const c = await signedInContext(browser, baseURL!);
  await befriendThroughApi(a, b);
  const bBadge = b.page.getByTestId('badge-notifications');
  await expect(bBadge).toHaveText('1');

  const word = `zq${Date.now().toString(36)}`;
  const tag = `${word}tag`;

  // A writes to friends only, mentioning B (a friend) and C (who is not).
  const { page } = a;
  await page.getByTestId('editor-title').fill(`Picnic ${word}`);
  const content = page.getByTestId('editor-content');
  await content.fill('Picnic with ');
  await mentionByKeyboard(page, b.member.username);
  await content.pressSequentially(`and @${c.member.username} — see ${LINK} #${tag}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('editor-visibility').selectOption('friendsOnly');
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST',
  );
  await page.getByTestId('editor-publish').click();
  const createdResponse = await created;
  expect(createdResponse.status()).toBe(201);
  const { id } = (await createdResponse.json()) as { id: string };

  // B is told live; the preview comes from the worker just after the publish.
  await expect(bBadge).toHaveText('2');
  await expect
    .poll(async () => {
      const post = (await (await a.page.request.get(`/api/posts/${id}`)).json()) as {
        linkPreview: unknown;
      };
      return post.linkPreview !== null;
    })
    .toBe(true);
  await b.page.goto('/notifications');
  await b.page
    .getByTestId('notification-item')
    .filter({ hasText: `${a.member.username} mentioned you` })
    .click();
  await expect(b.page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(b.page.getByTestId('post-content').getByTestId('mention-link').first()).toHaveText(
    `@${b.member.username}`,
  );
  await expect(b.page.getByTestId('link-preview')).toContainText('Privacy Policy · Agora');

  // C: no notification, nothing on the tag's page, no search hit (B, who may see it, finds it).
  expect(await badgeValue(c.page, 'badge-notifications')).toBe(0);
  const cNotifications = (await (await c.page.request.get('/api/notifications')).json()) as {
    notifications: unknown[];
  };
  expect(cNotifications.notifications).toHaveLength(0);
  const found = (await (await b.page.request.get(`/api/search?q=${word}&type=posts`)).json()) as {
    items: unknown[];
  };
  expect(found.items).toHaveLength(1);
  await c.page.goto(`/search?q=${word}`);
  await expect(c.page.getByTestId('search-empty')).toHaveText(
    new RegExp(`No results for “${word}”`),
  );
  await c.page.goto(`/tags/${tag}`);
  await expect(c.page.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
  await expect(c.page.getByTestId('post-card')).toHaveCount(0);

  // B reposts; A's open post counts it live.
  await openMemberPage(a.page, `/post/${id}`);
  const repostCount = a.page.getByTestId('post-repost-count');
  await expect(repostCount).toHaveText('0');
  await b.page.getByTestId('post-share').click();
  await b.page.getByRole('menuitem', { name: 'Repost' }).click();
  await expect(b.page.getByTestId('post-repost-count')).toHaveText('1');
  await expect(repostCount).toHaveText('1');

  // C follows the tag; A's next public post with it reaches C's home feed, with the reason.
  const follow = c.page.getByTestId('follow-tag');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const next = `Open invitation ${word}`;
  const published = await a.page.request.post('/api/posts', {
    data: { title: next, content: `Everyone welcome #${tag}`, status: 'published' },
  });
  expect(published.status()).toBe(201);
  await openMemberPage(c.page);
  const card = c.page.getByTestId('post-card').filter({ hasText: next });
  await expect(card.getByTestId('post-card-reason')).toHaveText(`because you follow #${tag}`);
  await expect(c.page.getByTestId('post-card').filter({ hasText: `Picnic ${word}` })).toHaveCount(
    0,
  );
});
