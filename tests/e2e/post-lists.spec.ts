import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

interface Published {
  id: string;
  title: string;
}

/** A post written through the API: the screens under test only list it. */
async function publish(
  request: APIRequestContext,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<Published> {
  const res = await request.post('/api/posts', {
    data: {
      title,
      content: `${title}: a few words to read.`,
      status: 'published',
      visibility: 'public',
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, title };
}

/** The items of a list, each holding one post card. */
function items(list: Locator): Locator {
  return list.locator(':scope > li');
}

/** The titles the list's cards show, in order. */
function titlesOf(list: Locator): Promise<string[]> {
  return list.getByTestId('post-card-title').allTextContents();
}

function savedList(page: Page): Locator {
  return page.getByTestId('saved-list');
}

test('saving a post puts it on /saved; Remove and the card’s unsave take it off', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const tag = Date.now().toString(36);
  const first = await publish(ana.page.request, `Saved first ${tag}`);
  const second = await publish(ana.page.request, `Saved second ${tag}`);

  await ana.page.goto('/saved');
  await expect(ana.page.getByTestId('saved-empty')).toContainText('No saved posts yet');
  await ana.page.getByRole('link', { name: 'Explore Posts' }).click();
  await expect(ana.page).toHaveURL(/\/$/);

  // Saved from the cards of the profile's posts, first then second.
  await ana.page.goto('/profile/posts');
  for (const post of [first, second]) {
    const card = items(ana.page.getByTestId('profile-posts-list')).filter({ hasText: post.title });
    await card.getByTestId('post-save').click();
    await expect(card.getByTestId('post-save')).toHaveAttribute('aria-pressed', 'true');
  }

  await ana.page.goto('/saved');
  const list = savedList(ana.page);
  // Last saved first.
  await expect(items(list)).toHaveCount(2);
  expect(await titlesOf(list)).toEqual([second.title, first.title]);

  const secondItem = items(list).filter({ hasText: second.title });
  await secondItem.getByRole('link', { name: /^Read Now/ }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/post/${second.id}$`));
  await ana.page.goBack();

  await items(savedList(ana.page))
    .filter({ hasText: second.title })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(items(savedList(ana.page))).toHaveCount(1);
  await expect(savedList(ana.page)).not.toContainText(second.title);

  await items(savedList(ana.page))
    .filter({ hasText: first.title })
    .getByTestId('post-save')
    .click();
  await expect(ana.page.getByTestId('saved-empty')).toContainText('No saved posts yet');

  await ana.page.reload();
  await expect(ana.page.getByTestId('saved-empty')).toBeVisible();
});

test('/profile/posts: the count, search, sort and Load More Posts after 10', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!, '/profile/posts');
  const page = ana.page;

  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(page.getByTestId('profile-posts-count')).toHaveText('0 posts found');
  await expect(page.getByTestId('profile-posts-empty')).toContainText('No posts found');
  await expect(page.getByTestId('profile-posts-empty')).toContainText(
    "This profile hasn't posted anything yet.",
  );

  const posts: Published[] = [];
  for (let n = 1; n <= 12; n += 1) {
    posts.push(
      await publish(
        page.request,
        n === 7 ? `Zebra crossing ${n}` : `Routine note ${String(n).padStart(2, '0')}`,
      ),
    );
  }
  // A draft is not among the profile's posts.
  await publish(page.request, 'Unfinished draft', { status: 'draft' });
  // Post 3 is liked most, post 5 commented most.
  expect((await page.request.post(`/api/posts/${posts[2]!.id}/like`)).status()).toBe(200);
  const comment = await page.request.post(`/api/posts/${posts[4]!.id}/comments`, {
    data: { content: 'First!' },
  });
  expect(comment.status()).toBe(201);

  await page.reload();
  const list = page.getByTestId('profile-posts-list');
  const titles = posts.map((post) => post.title);
  await expect(page.getByTestId('profile-posts-count')).toHaveText('12 posts found');
  await expect(items(list)).toHaveCount(10);
  // Newest first: 12 down to 3.
  expect(await titlesOf(list)).toEqual(titles.slice(2).reverse());

  const loadMore = page.getByRole('button', { name: 'Load More Posts' });
  await loadMore.click();
  await expect(items(list)).toHaveCount(12);
  await expect(loadMore).toHaveCount(0);
  expect(await titlesOf(list)).toEqual([...titles].reverse());

  const sort = page.getByLabel('Sort by');
  await sort.selectOption('oldest');
  await expect(items(list)).toHaveCount(10);
  expect(await titlesOf(list)).toEqual(titles.slice(0, 10));

  await sort.selectOption('mostLiked');
  await expect(items(list).first()).toContainText(posts[2]!.title);
  await sort.selectOption('mostCommented');
  await expect(items(list).first()).toContainText(posts[4]!.title);

  // The search is applied by Enter (it also applies by itself once typing settles).
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await expect(search).toHaveAttribute('placeholder', 'Search posts...');
  await search.fill('zebra');
  await search.press('Enter');
  await expect(page.getByTestId('profile-posts-count')).toHaveText('1 post found');
  await expect(items(list)).toHaveCount(1);
  await expect(list).toContainText(posts[6]!.title);

  await search.fill('nothing like this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('profile-posts-count')).toHaveText('0 posts found');
  await expect(page.getByTestId('profile-posts-empty')).toContainText(
    'No posts match your search for "nothing like this"',
  );

  // Clearing the search lists every post again.
  await search.fill('');
  await expect(page.getByTestId('profile-posts-count')).toHaveText('12 posts found');
  await expect(items(list)).toHaveCount(10);
  await expect(page.getByTestId('profile-stat-posts')).toContainText('12');
  await expect(page.getByTestId('profile-stat-likes')).toHaveText(/^Total Likes\s*1$/);
});

test('/trending shows a liked public post and switches window', async ({ browser, baseURL }) => {
  const ana = await signedInContext(browser, baseURL!);
  const ben = await signedInContext(browser, baseURL!);
  const post = await publish(ana.page.request, `Trending now ${Date.now().toString(36)}`);
  // Ben is no friend of Ana's: trending is where public posts of strangers surface.
  expect((await ben.page.request.post(`/api/posts/${post.id}/like`)).status()).toBe(200);

  const page = ben.page;
  await page.goto('/trending');
  await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
  const list = page.getByTestId('trending-list');
  const item = items(list).filter({ hasText: post.title });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('trending-rank')).toHaveText(/^Rank \d+$/);
  await expect(page.getByRole('tab', { name: 'Last 24 hours' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('tab', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/trending\?window=7d$/);
  await expect(page.getByRole('tab', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    items(page.getByTestId('trending-list')).filter({ hasText: post.title }),
  ).toHaveCount(1);

  // The window is kept in the address: a reload stays on it, and the arrow keys switch back.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Last 7 days' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/trending$/);
  await expect(
    items(page.getByTestId('trending-list')).filter({ hasText: post.title }),
  ).toHaveCount(1);
});
