import path from 'node:path';
import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

const AVATAR = path.resolve(import.meta.dirname, '../fixtures/media/community-avatar.png');

test.afterEach(closeOpenedContexts);

test('a member creates a community with an avatar; another finds it, joins, and the count rises live', async ({
  browser,
  baseURL,
}) => {
  const founder = await signedInContext(browser, baseURL!);
  const joiner = await signedInContext(browser, baseURL!);
  const name = `Quokka Fans ${Date.now().toString(36)}`;

  // The founder fills the form: name, a tag by Enter, and an avatar.
  await founder.page.goto('/create-community');
  await founder.page.getByLabel('Community name').fill(name);
  await founder.page.getByLabel('Description').fill('Everything about quokkas');
  const tags = founder.page.getByLabel('Tags', { exact: true });
  await tags.fill('  animals ');
  await tags.press('Enter');
  await expect(founder.page.getByRole('list', { name: 'Tags added' })).toHaveText(/animals/);
  await founder.page.getByTestId('community-avatar-input').setInputFiles(AVATAR);
  await expect(founder.page.getByAltText('Avatar preview')).toBeVisible();
  await founder.page.getByRole('button', { name: 'Create Community' }).click();
  await expect(founder.page.getByText('Community Created!')).toBeVisible();
  await expect(
    founder.page.getByText('Your community has been successfully created and is now live.'),
  ).toBeVisible();

  // It opens in the hub, with its avatar, one member, and a healthy live channel.
  await founder.page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(founder.page.getByRole('heading', { name })).toBeVisible();
  await expect(founder.page.locator('header img[src*="/cdn/"]')).toBeVisible();
  await expect(founder.page.getByTestId('stat-members')).toHaveText('1');
  await expect(founder.page.getByTestId('connection-status')).toHaveText('Healthy');

  // The second member finds it in Discover and joins.
  await joiner.page.goto('/community');
  await expect(joiner.page.getByText('No communities yet')).toBeVisible();
  await joiner.page.getByPlaceholder('Search communities').fill(name);
  const card = joiner.page.getByTestId('discover-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Join: ${name}` }).click();
  await expect(joiner.page.getByRole('heading', { name })).toBeVisible();
  await expect(joiner.page.getByTestId('stat-members')).toHaveText('2');

  // The founder's open hub counts the new member without a reload.
  await expect(founder.page.getByTestId('stat-members')).toHaveText('2');
});
