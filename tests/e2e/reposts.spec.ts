import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

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

  await a.page.goto(`/post/${id}`);
  const count = a.page.getByTestId('post-repost-count');
  await expect(count).toHaveText('0');

  await b.page.goto(`/post/${id}`);
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

  await a.page.goto('/');
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

  await c.page.goto('/');
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
