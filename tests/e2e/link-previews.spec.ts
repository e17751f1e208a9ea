import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';
import { E2E_PORTS } from './ports';

test.afterEach(closeOpenedContexts);

// The app's own static page: the only loopback address the e2e servers let previews fetch.
const LINK = `http://127.0.0.1:${E2E_PORTS.app}/privacy-policy.html`;

test('the editor previews a link as it is typed, and the author removes the published card', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/create-post');
  await page.getByTestId('editor-title').fill('House rules');
  await page.getByTestId('editor-content').fill(`Please read ${LINK} first.`);

  const card = page.getByTestId('link-preview');
  await expect(card).toContainText('Privacy Policy · Agora');
  await card.getByRole('button', { name: 'Remove preview' }).click();
  await expect(page.getByText('No preview for this link.')).toBeVisible();
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(card).toContainText('Privacy Policy · Agora');

  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST',
  );
  await page.getByTestId('editor-publish').click();
  const { id } = (await (await created).json()) as { id: string };

  // The card comes from the worker after the publish: the post page shows it once it is there.
  await page.goto(`/post/${id}`);
  const link = page.getByRole('link', { name: /Privacy Policy · Agora/ });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', LINK);

  await page.getByRole('button', { name: 'Remove preview' }).click();
  await expect(page.getByTestId('link-preview')).toHaveCount(0);
  const post = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    linkPreview: unknown;
  };
  expect(post.linkPreview).toBeNull();
});
