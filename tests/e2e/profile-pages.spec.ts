import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

test('the owner edits their profile and sets an avatar', async ({ browser, baseURL }) => {
  const { page, member, id } = await signedInContext(browser, baseURL!, '/profile');
  const header = page.getByTestId('profile-header');
  await expect(header.getByTestId('profile-name')).toBeVisible();
  await expect(header.getByTestId('profile-avatar-initials')).toBeVisible();
  await expect(header.getByTestId('profile-joined')).toHaveText(/^Joined /);
  await expect(header.getByTestId('profile-status')).toHaveText('Online');
  await expect(page.getByTestId('profile-internal-id')).toHaveText(id);
  await expect(page.getByTestId('profile-skills-card')).toContainText('No skills added yet');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Display name').fill('Ada Lovelace');
  await dialog.getByLabel('Location').fill('London');
  for (const skill of ['Maths', 'Engines', 'Poetry', 'Logic', 'Music', 'Looms']) {
    await dialog.getByPlaceholder('Add a skill').fill(skill);
    await dialog.getByPlaceholder('Add a skill').press('Enter');
  }
  await dialog.getByTestId('profile-avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await png(600, 400),
  });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(header.getByTestId('profile-name')).toHaveText('Ada Lovelace');
  await expect(header).toContainText('London');
  await expect(header.getByRole('img', { name: "Ada Lovelace's avatar" })).toHaveAttribute(
    'src',
    /.+/,
  );
  await expect(page.getByTestId('profile-skills-card')).toContainText('+1 more');

  // The edit is stored: a fresh load shows it, and so does the page by username.
  await page.goto(`/profile/${member.username}`);
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
});

test('another member follows, and the follower count rises live', async ({ browser, baseURL }) => {
  const owner = await signedInContext(browser, baseURL!);
  const visitor = await signedInContext(browser, baseURL!);
  await owner.page.goto('/profile');
  await expect(owner.page.getByTestId('profile-stat-followers')).toHaveText(/^Followers\s*0$/);

  await visitor.page.goto(`/profile/${owner.member.username}`);
  await visitor.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(visitor.page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(visitor.page.getByTestId('profile-stat-followers')).toHaveText(/^Followers\s*1$/);

  await expect(owner.page.getByTestId('profile-stat-followers')).toHaveText(/^Followers\s*1$/);
  await owner.page.getByTestId('profile-stat-followers').click();
  await expect(owner.page).toHaveURL(/\/profile\/followers$/);
  await expect(owner.page.getByTestId('follows-list')).toContainText(visitor.member.username);

  await visitor.page.goto('/profile/following');
  await expect(visitor.page.getByTestId('follows-list')).toContainText(owner.member.username);
  await visitor.page.goto('/profile/followers');
  await expect(visitor.page.getByTestId('follows-empty')).toHaveText('No followers yet');
});

test('copy link, and the failure texts of unknown profiles', async ({ browser, baseURL }) => {
  const { page, member } = await signedInContext(browser, baseURL!, '/profile');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Profile link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/profile/${member.username}`,
  );

  await page.goto('/profile/nobody_by_this_name_at_all');
  await expect(page.getByTestId('profile-error')).toContainText('User not found');
});

test('a private profile hides contact details and refuses a message', async ({
  browser,
  baseURL,
}) => {
  const owner = await signedInContext(browser, baseURL!);
  const stranger = await signedInContext(browser, baseURL!);
  const setPrivate = await owner.page.request.put('/api/me/privacy', {
    data: { privacy: 'private' },
  });
  expect(setPrivate.status()).toBe(200);

  await stranger.page.goto(`/profile/${owner.member.username}`);
  await expect(stranger.page.getByTestId('profile-header')).toBeVisible();
  await expect(stranger.page.getByTestId('profile-contact-card')).toHaveCount(0);
  await expect(stranger.page.getByRole('button', { name: 'Message' })).toBeDisabled();

  await stranger.page.goto(`/profile/contact?user=${owner.id}`);
  await expect(stranger.page.getByTestId('contact-hidden')).toBeVisible();
  await expect(stranger.page.getByTestId('contact-message-refused')).toBeVisible();
});

test('a message from the contact page reaches the member', async ({ browser, baseURL }) => {
  const owner = await signedInContext(browser, baseURL!);
  const visitor = await signedInContext(browser, baseURL!, `/profile/contact?user=${owner.id}`);
  await visitor.page.getByLabel(/^Message to /).fill('Hello from your contact page');
  await visitor.page.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.page.getByTestId('contact-message-sent')).toBeVisible();

  await owner.page.goto('/messages');
  await expect(owner.page.getByText('Hello from your contact page')).toBeVisible();
});

test('the owner edits skills and languages; the stats page draws its graph', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/profile/skills');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByTestId('skills-editor');
  await editor.getByPlaceholder('Add a language').fill('Portuguese');
  await editor.getByPlaceholder('Add a language').press('Enter');
  await editor.getByRole('button', { name: 'Add experience' }).click();
  await editor.getByLabel('Title').fill('Engineer');
  await editor.getByRole('button', { name: 'Save' }).click();
  const view = page.getByTestId('skills-view');
  await expect(view).toContainText('Portuguese');
  await expect(view).toContainText('Engineer');

  await page.goto('/profile/stats');
  await expect(page.getByTestId('engagement-card')).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    page.getByTestId('engagement-empty').or(page.getByTestId('engagement-totals')),
  ).toBeVisible();
});
