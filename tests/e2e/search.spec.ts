import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext, type SignedIn } from './members';
import { holdRequests } from './support';

test.afterEach(closeOpenedContexts);

async function publishThroughApi(member: SignedIn, content: string) {
  const res = await member.page.request.post('/api/posts', {
    data: { title: 'Found', content, status: 'published', visibility: 'public' },
  });
  expect(res.status()).toBe(201);
}

/** A word of letters only, so full-text search keeps it whole. */
const freshWord = () =>
  `zq${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;

test('/ pressed before the search box has loaded focuses it as it arrives', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  // The box's module comes after the first screen; held here, the top bar shows its placeholder.
  const release = await holdRequests(page, /\/assets\/SearchBox-[^/]*\.js$/);
  const asked = page.waitForRequest(/\/assets\/SearchBox-[^/]*\.js$/);
  await page.reload();
  await asked;
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  const box = page.getByRole('combobox', { name: 'Search Agora' });
  await expect(box).toHaveCount(0);

  await page.keyboard.press('/');
  release();
  await expect(box).toBeFocused();
  await page.keyboard.type('abc');
  await expect(box).toHaveValue('abc');
});

test('/ focuses the search box; suggestions are grouped and keyboard-picked; Enter opens the results tabs', async ({
  browser,
  baseURL,
}) => {
  const author = await signedInContext(browser, baseURL!);
  const reader = await signedInContext(browser, baseURL!);
  const word = freshWord();
  await publishThroughApi(author, `Notes about ${word} #${word}tag`);
  const { page } = reader;

  // `/` is typed into a field, and focuses the box from anywhere else.
  const box = page.getByRole('combobox', { name: 'Search Agora' });
  await expect(box).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(box).toBeFocused();

  await box.fill(author.member.username);
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  const people = list.getByRole('group', { name: 'People' });
  await expect(people.getByRole('option').first()).toContainText(`@${author.member.username}`);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(people.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profile/${author.member.username}$`));

  // Escape closes the list.
  // Once the profile has drawn, `/` brings the box back.
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill(word);
  await expect(list.getByRole('group', { name: 'Posts' }).getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('group', { name: 'Tags' }).getByRole('option')).toHaveText(
    `#${word}tag`,
  );
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // Enter with nothing highlighted opens the results page, posts first.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(new RegExp(`type=tags`));
  await expect(page.getByRole('link', { name: `#${word}tag` })).toBeVisible();
  await page.getByRole('tab', { name: 'People' }).click();
  await expect(page.getByTestId('search-empty')).toHaveText(new RegExp(`No results for “${word}”`));
});
