import { expect, test } from '@playwright/test';
import { befriendThroughApi, closeOpenedContexts, signedInContext } from './members';
import { openMemberPage } from './support';

test.afterEach(closeOpenedContexts);

test('a member reports a post, a moderator hides it live, and it leaves an open feed', async ({
  browser,
  baseURL,
}) => {
  // On a fresh database the first account is the owner, whom moderators may not act on: the
  // owner signs up first, and is made one through the test route when other specs ran before.
  const owner = await signedInContext(browser, baseURL!);
  const author = await signedInContext(browser, baseURL!);
  const reporter = await signedInContext(browser, baseURL!);
  const reader = await signedInContext(browser, baseURL!);
  const moderator = await signedInContext(browser, baseURL!);
  const promoted = await owner.page.request.post(`/api/test/users/${owner.id}/role`, {
    data: { role: 'owner' },
  });
  expect(promoted.status()).toBe(204);
  const appointed = await owner.page.request.post('/api/moderation/moderators', {
    data: { userId: moderator.id },
  });
  expect(appointed.status()).toBe(204);
  await befriendThroughApi(author, reader);

  const title = `Cheap watches ${Date.now().toString(36)}`;
  const published = await author.page.request.post('/api/posts', {
    data: { title, content: 'Buy them here', status: 'published', visibility: 'public' },
  });
  expect(published.status()).toBe(201);
  const postId = ((await published.json()) as { id: string }).id;

  // The reader has the feed open with the post on it.
  await openMemberPage(reader.page);
  const card = reader.page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toBeVisible();

  // The moderator opens the queue and keeps it open.
  await moderator.page.goto('/moderation');
  await expect(moderator.page.getByRole('tab', { name: 'Queue' })).toBeVisible();
  await expect(moderator.page.getByTestId('connection-status')).toHaveText('Healthy');

  // Another member reports it from the post's page, by keyboard-reachable controls.
  await openMemberPage(reporter.page, `/post/${postId}`);
  await reporter.page.getByTestId('report-post').click();
  const dialog = reporter.page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Spam').check();
  await dialog.getByLabel('Note (optional)').fill('Posted in every group');
  await dialog.getByTestId('report-submit').click();
  await expect(
    reporter.page.getByText('Thank you. A moderator will review your report.'),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The report reaches the moderator's open queue without a reload.
  const item = moderator.page.getByTestId('moderation-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('moderation-report')).toHaveCount(1);
  await item.getByTestId('moderation-hide').click();
  const action = moderator.page.getByTestId('moderation-action-dialog');
  await action.getByLabel('Reason').fill('Spam links');
  await action.getByTestId('moderation-confirm').click();
  await expect(action).toHaveCount(0);
  await expect(item).toHaveCount(0);

  // The post leaves the reader's open feed, live.
  await expect(card).toHaveCount(0);

  // Its author still reads it, with the moderator's reason.
  await author.page.goto(`/post/${postId}`);
  await expect(author.page.getByTestId('moderation-banner')).toHaveText(
    'Hidden by a moderator: Spam links',
  );

  // The audit log names the moderator.
  await moderator.page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(
    moderator.page.getByTestId('audit-entry').filter({ hasText: 'Spam links' }).first(),
  ).toContainText(moderator.member.username);
});
