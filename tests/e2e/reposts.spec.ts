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
