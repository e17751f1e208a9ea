import { expect, test } from '@playwright/test';
import { closeOpenedContexts, secondTab, signedInContext, type SignedIn } from './members';
import { openMemberPage } from './support';

test.afterEach(closeOpenedContexts);

async function publishThroughApi(member: SignedIn, title: string, content: string) {
  const res = await member.page.request.post('/api/posts', {
    data: { title, content, status: 'published', visibility: 'public' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('a tag in a post opens its page; following it brings its next public post home, with the reason', async ({
  browser,
  baseURL,
}) => {
  const author = await signedInContext(browser, baseURL!);
  const reader = await signedInContext(browser, baseURL!);
  const tag = `agora${Date.now().toString(36)}`;
  const first = await publishThroughApi(author, 'Tagged', `Meet up soon #${tag.toUpperCase()}!`);

  await openMemberPage(reader.page, `/post/${first}`);
  await reader.page
    .getByTestId('hashtag-link')
    .filter({ hasText: `#${tag.toUpperCase()}` })
    .click();
  await expect(reader.page).toHaveURL(new RegExp(`/tags/${tag}$`));
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
  await expect(reader.page.getByTestId('post-card')).toHaveCount(1);

  // Following in one tab shows in the member's other tab at once.
  const other = await secondTab(reader, `/tags/${tag}`);
  const follow = reader.page.getByTestId('follow-tag');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByTestId('follow-tag')).toHaveAttribute('aria-pressed', 'true');

  // The next public post with the tag arrives on the open page, then on the home feed.
  const title = `Next one ${Date.now().toString(36)}`;
  await publishThroughApi(author, title, `More news #${tag}`);
  const pill = reader.page.getByTestId('new-tag-posts-pill');
  await expect(pill).toHaveText('1 new post');
  await pill.click();
  await expect(reader.page.getByTestId('post-card').filter({ hasText: title })).toBeVisible();

  await openMemberPage(reader.page);
  const card = reader.page.getByTestId('post-card').filter({ hasText: title });
  await expect(card.getByTestId('post-card-reason')).toHaveText(`because you follow #${tag}`);
});
