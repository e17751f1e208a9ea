import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';
import { openMemberPage } from './support';

test.afterEach(closeOpenedContexts);

test("B reposts A's post from the Share menu by keyboard; A's open post counts it live, and A's feed says B reposted it", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const created = await a.page.request.post('/api/posts', {
    data: { title: 'Worth sharing', content: 'Some words', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await a.page.request.post(`/api/users/${b.id}/follow`)).status()).toBe(200);

  await openMemberPage(a.page, `/post/${id}`);
  const count = a.page.getByTestId('post-repost-count');
  await expect(count).toHaveText('0');

  await openMemberPage(b.page, `/post/${id}`);
  const share = b.page.getByTestId('post-share');
  await share.focus();
  await share.press('ArrowDown');
  const repost = b.page.getByRole('menuitem', { name: 'Repost' });
  await expect(repost).toBeFocused();
  await repost.press('Enter');
  await expect(b.page.getByTestId('post-repost-count')).toHaveText('1');
  await expect(count).toHaveText('1');

  await share.click();
  const undo = b.page.getByRole('menuitem', { name: 'Undo repost' });
  await expect(undo).toBeFocused();
  await undo.press('Escape');
  await expect(share).toBeFocused();

  await openMemberPage(a.page);
  const card = a.page.getByTestId('post-card').filter({ hasText: 'Worth sharing' });
  await expect(card.getByTestId('post-card-reposted-by')).toHaveText(/^.+ reposted$/);
});

test("a repost by someone C follows counts in C's open feed as a new post, and its undo takes it back", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const c = await signedInContext(browser, baseURL!);
  const created = await a.page.request.post('/api/posts', {
    data: { title: 'Reposted into the open feed', content: 'Some words', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await c.page.request.post(`/api/users/${b.id}/follow`)).status()).toBe(200);

  await openMemberPage(c.page);
  await expect(c.page.getByTestId('home-feed')).toBeVisible();
  const pill = c.page.getByTestId('new-posts-pill');
  await expect(pill).toHaveCount(0);

  expect((await b.page.request.post(`/api/posts/${id}/repost`)).status()).toBe(200);
  await expect(pill).toHaveText('1 new post');
  expect((await b.page.request.delete(`/api/posts/${id}/repost`)).status()).toBe(200);
  await expect(pill).toHaveCount(0);

  expect((await b.page.request.post(`/api/posts/${id}/repost`)).status()).toBe(200);
  await expect(pill).toHaveText('1 new post');
  await pill.click();
  const card = c.page.getByTestId('post-card').filter({ hasText: 'Reposted into the open feed' });
  await expect(card.getByTestId('post-card-reposted-by')).toHaveText(/^.+ reposted$/);
  await expect(pill).toHaveCount(0);
});

test("B quotes A's post from the feed's Share menu: a dialog with the post embedded, keyboard throughout; the quote tops B's feed and A's count rises live", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const publish = async (title: string) => {
    const created = await a.page.request.post('/api/posts', {
      data: { title, content: `${title}, in a few words`, status: 'published' },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const doomed = await publish('Soon gone');
  const id = await publish('Worth quoting');
  expect((await b.page.request.post(`/api/users/${a.id}/follow`)).status()).toBe(200);

  await openMemberPage(a.page, `/post/${id}`);
  const quotes = a.page.getByTestId('post-quote-count');
  await expect(quotes).toHaveText('0');

  await openMemberPage(b.page);
  const card = b.page.getByTestId('post-card').filter({ hasText: 'Worth quoting' });
  const share = card.getByTestId('post-share');
  await share.focus();
  await share.press('ArrowDown');
  await b.page.keyboard.press('ArrowDown');
  const quote = b.page.getByRole('menuitem', { name: 'Quote' });
  await expect(quote).toBeFocused();
  await quote.press('Enter');

  const dialog = b.page.getByRole('dialog', { name: 'Quote post' });
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel('Title');
  await expect(title).toBeFocused();
  await expect(dialog.getByTestId('quoted-post')).toContainText('Worth quoting');
  // Focus stays inside: back from the first field is the last button.
  await b.page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Publish quote' })).toBeFocused();
  await b.page.keyboard.press('Tab');
  await expect(title).toBeFocused();
  await b.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();

  // The editor's checks: no title, no quote; the field is marked and focused.
  await share.press('Enter');
  await b.page.keyboard.press('ArrowDown');
  await b.page.keyboard.press('Enter');
  await expect(title).toBeFocused();
  await dialog.getByRole('button', { name: 'Publish quote' }).click();
  await expect(dialog.getByTestId('quote-error')).toHaveText(
    'Please add a title to your post before publishing.',
  );
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await title.fill('My take');
  await dialog.getByLabel('Content').fill('Agreed, and more.');
  await title.press('Enter');
  await expect(dialog).toHaveCount(0);

  const top = b.page.getByTestId('post-card').first();
  await expect(top).toContainText('My take');
  await expect(top.getByTestId('quoted-post')).toContainText('Worth quoting');
  await expect(quotes).toHaveText('1');

  // A post gone while it is being quoted: the server's reason shows and the text stays.
  const doomedCard = b.page.getByTestId('post-card').filter({ hasText: 'Soon gone' });
  await doomedCard.getByTestId('post-share').click();
  await b.page.getByRole('menuitem', { name: 'Quote' }).click();
  await title.fill('Too late');
  await dialog.getByLabel('Content').fill('Still typing');
  expect((await a.page.request.delete(`/api/posts/${doomed}`)).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Publish quote' }).click();
  await expect(dialog.getByTestId('quote-error')).toHaveText(
    'The post you are quoting is unavailable.',
  );
  await expect(title).toHaveValue('Too late');
  await expect(dialog.getByLabel('Content')).toHaveValue('Still typing');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test("a repost shows on the reposter's profile posts, newest first and marked as reposted", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const own = await b.page.request.post('/api/posts', {
    data: { title: 'B writes first', content: 'Words', status: 'published' },
  });
  expect(own.status()).toBe(201);
  const created = await a.page.request.post('/api/posts', {
    data: { title: 'A writes later', content: 'More words', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await openMemberPage(b.page, `/post/${id}`);
  await b.page.getByTestId('post-share').click();
  await b.page.getByRole('menuitem', { name: 'Repost' }).click();
  await expect(b.page.getByTestId('post-repost-count')).toHaveText('1');

  await b.page.goto('/profile/posts');
  const mine = b.page.getByTestId('profile-posts-list').getByTestId('post-card');
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText('A writes later');
  await expect(mine.first().getByTestId('post-card-reposted-by')).toHaveText('You reposted');
  await expect(mine.nth(1)).toContainText('B writes first');
  await expect(mine.nth(1).getByTestId('post-card-reposted-by')).toHaveCount(0);
  await expect(b.page.getByTestId('profile-posts-count')).toHaveText('2 posts found');

  await a.page.goto(`/profile/posts?user=${b.id}`);
  const theirs = a.page.getByTestId('profile-posts-list').getByTestId('post-card');
  await expect(theirs.first()).toContainText('A writes later');
  await expect(theirs.first().getByTestId('post-card-reposted-by')).toHaveText(/^.+ reposted$/);
});
