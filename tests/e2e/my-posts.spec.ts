import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

const LEAVE_QUESTION = 'You have unsaved changes. Are you sure you want to leave?';

interface StoredPost {
  id: string;
  title: string;
  content: string;
  status: string;
  categories: string[];
  tags: string[];
  featuredImage: string | null;
  media: { id: string; kind: string }[];
}

async function postsOf(request: APIRequestContext): Promise<StoredPost[]> {
  const res = await request.get('/api/posts/mine');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { posts: StoredPost[] }).posts;
}

const stat = (page: Page, key: string) =>
  page.getByTestId(`my-posts-stat-${key}`).getByTestId('stat-value');

const card = (page: Page, title: string) =>
  page.getByTestId('my-post-card').filter({ has: page.getByRole('heading', { name: title }) });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();

test('create: the title is asked for before the content, Save Draft stays, Publish goes to My Posts', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/create-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  await expect(page.getByTestId('editor-word-count')).toHaveText('0');

  await page.getByTestId('editor-publish').click();
  await expect(page.getByText('Title Required')).toBeVisible();
  await expect(page.getByText('Please add a title to your post before publishing.')).toBeVisible();
  await expect(page.getByTestId('editor-title')).toBeFocused();

  await page.getByTestId('editor-title').fill('Weekend notes');
  await page.getByTestId('editor-publish').click();
  await expect(page.getByText('Content Required')).toBeVisible();
  await expect(page.getByText('Please add content to your post before publishing.')).toBeVisible();
  await expect(page.getByTestId('editor-content')).toBeFocused();
  expect(await postsOf(page.request)).toHaveLength(0);

  // Word count and read time follow the typing.
  await page.getByTestId('editor-content').fill('We walked  along the\nriver today');
  await expect(page.getByTestId('editor-word-count')).toHaveText('6');
  await expect(page.getByTestId('editor-read-time')).toHaveText('1 min read');

  // Categories and tags: trimmed, once each, Enter adds.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const category = page.getByTestId('editor-category-field').getByRole('textbox');
  await category.fill('  Travel  ');
  await category.press('Enter');
  await category.fill('Travel');
  await category.press('Enter');
  await category.fill('   ');
  await category.press('Enter');
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText([
    'Travel',
  ]);
  const tag = page.getByTestId('editor-tag-field').getByRole('textbox');
  for (const typed of ['river', ' walk ', 'river']) {
    await tag.fill(typed);
    await tag.press('Enter');
  }
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'river',
    'walk',
  ]);
  await expect(page.getByTestId('editor-category-count')).toHaveText('1');
  await expect(page.getByTestId('editor-tag-count')).toHaveText('2');

  // Save Draft creates the post as a draft and stays; a second save changes the same post.
  await page.getByTestId('editor-save-draft').click();
  await expect(page.getByText('Draft Saved')).toBeVisible();
  await expect(page.getByText('Your post draft has been saved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/create-post$/);
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByTestId('editor-title').fill('Weekend notes, part one');
  await expect(page.getByTestId('editor-save-state')).toHaveText('Unsaved changes');
  await page.getByTestId('editor-save-draft').click();
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  const drafts = await postsOf(page.request);
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toMatchObject({
    title: 'Weekend notes, part one',
    status: 'draft',
    categories: ['Travel'],
    tags: ['river', 'walk'],
  });

  // Nothing unsaved: Back to Posts leaves without asking. The draft is under the Draft tab.
  await page.getByTestId('editor-back').click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(stat(page, 'totalPosts')).toHaveText('1');
  await expect(stat(page, 'publishedPosts')).toHaveText('0');
  await page.getByRole('tab', { name: 'Draft' }).click();
  await expect(page).toHaveURL(/\/posts\?tab=draft$/);
  const draftCard = card(page, 'Weekend notes, part one');
  await expect(draftCard.getByTestId('post-status-badge')).toHaveText('Draft');
  await expect(draftCard).toContainText('Travel');
  await expect(draftCard).toContainText('#river');
  await expect(draftCard).toContainText('1 min read');
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(page.getByTestId('my-posts-empty')).toContainText('No posts found');
  await expect(page.getByRole('link', { name: 'Create Your First Post' })).toHaveCount(0);

  // Publish creates the post as published and goes to My Posts.
  // By keyboard: the toasts at the top right may still cover the button.
  await page.getByTestId('my-posts-create').press('Enter');
  await expect(page).toHaveURL(/\/create-post$/);
  await page.getByTestId('editor-title').fill('Out in the open');
  await page.getByTestId('editor-content').fill('Published straight away.');
  await page.getByTestId('editor-publish').click();
  await expect(page.getByText('Post Published')).toBeVisible();
  await expect(page.getByText('Your post has been published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/posts(\?.*)?$/);
  await expect(page.getByTestId('leave-dialog')).toHaveCount(0);
  await expect(stat(page, 'totalPosts')).toHaveText('2');
  await expect(stat(page, 'publishedPosts')).toHaveText('1');
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(card(page, 'Out in the open').getByTestId('post-status-badge')).toHaveText(
    'Published',
  );
  await expect(page.getByTestId('my-post-card')).toHaveCount(1);

  // Search and filters narrow the list on the server.
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId('my-post-card')).toHaveCount(2);
  await page.getByTestId('my-posts-search').fill('weekend');
  await expect(page.getByTestId('my-post-card')).toHaveCount(1);
  await page.getByTestId('my-posts-search').fill('');
  await page.getByTestId('my-posts-category-filter').selectOption('Travel');
  await expect(page.getByTestId('my-post-card')).toHaveCount(1);
  await page.getByTestId('my-posts-category-filter').selectOption('');
  await page.getByTestId('my-posts-status-filter').selectOption('published');
  await expect(page.getByTestId('my-post-card')).toHaveCount(1);
  await page.getByTestId('my-posts-visibility-filter').selectOption('private');
  await expect(page.getByTestId('my-posts-empty')).toContainText(
    'Try adjusting your search or filters',
  );
});

test('edit loads the real post and saves it; delete asks first and removes it', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  const res = await page.request.post('/api/posts', {
    data: {
      title: 'Original title',
      content: 'Original words',
      status: 'published',
      categories: ['News'],
      tags: ['first'],
      visibility: 'friendsOnly',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.goto('/posts');
  const original = card(page, 'Original title');
  await expect(original.getByTestId('post-visibility')).toHaveAttribute(
    'data-visibility',
    'friendsOnly',
  );
  await original.getByTestId('my-post-edit').click();
  await expect(page).toHaveURL(new RegExp(`/edit-post/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByTestId('editor-title')).toHaveValue('Original title');
  await expect(page.getByTestId('editor-content')).toHaveValue('Original words');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('list', { name: 'Categories' })).toHaveText('News');
  await expect(page.getByTestId('editor-visibility')).toHaveValue('friendsOnly');

  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByTestId('editor-title').fill('Edited title');
  await page.getByTestId('editor-publish').click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(card(page, 'Edited title')).toBeVisible();
  const saved = (await (await page.request.get(`/api/posts/${id}`)).json()) as StoredPost;
  expect(saved).toMatchObject({
    title: 'Edited title',
    content: 'Original words',
    categories: ['News'],
    tags: ['first'],
  });

  // Delete asks first; Cancel keeps the post.
  await card(page, 'Edited title').getByTestId('my-post-delete').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this post? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card(page, 'Edited title')).toBeVisible();

  await card(page, 'Edited title').getByTestId('my-post-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post Deleted')).toBeVisible();
  await expect(page.getByText('The post has been deleted successfully.')).toBeVisible();
  await expect(page.getByTestId('my-post-card')).toHaveCount(0);
  await expect(page.getByTestId('my-posts-empty')).toContainText('No posts found');
  await expect(page.getByRole('link', { name: 'Create Your First Post' })).toBeVisible();
  await expect(stat(page, 'totalPosts')).toHaveText('0');
  expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(404);

  // The editor of a post that is gone says so.
  await page.goto(`/edit-post/${id}`);
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
});

test('leaving with unsaved changes asks first', async ({ browser, baseURL }) => {
  const { page } = await signedInContext(browser, baseURL!, '/create-post');
  await page.getByTestId('editor-title').click();
  await page.getByTestId('editor-title').fill('Half a thought');

  await page.getByTestId('editor-back').click();
  const dialog = page.getByTestId('leave-dialog');
  await expect(dialog).toContainText(LEAVE_QUESTION);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/create-post$/);
  await expect(page.getByTestId('editor-title')).toHaveValue('Half a thought');

  // Closing the tab gets the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.getByTestId('editor-back').click();
  await page.getByTestId('leave-dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  expect(await postsOf(page.request)).toHaveLength(0);
});

test('the featured image is checked, uploaded through the endpoint and saved; media attach', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/create-post');
  await page.getByTestId('editor-title').fill('With pictures');
  await page.getByRole('tab', { name: 'Media' }).click();
  const featured = page.getByTestId('featured-image-input');

  await featured.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await featured.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5_242_881),
  });
  await expect(page.getByText('File size must be less than 5MB')).toBeVisible();
  await expect(page.getByTestId('featured-image-preview')).toHaveCount(0);

  const upload = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/files/upload') && response.status() === 201,
  );
  await featured.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await png(640, 360),
  });
  const { location } = (await (await upload).json()) as { location: string };
  const preview = page.getByTestId('featured-image-preview');
  await expect(preview).toHaveAttribute('src', location);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  // Attached media go through the multi-file widget.
  const widget = page.getByRole('region', { name: 'Upload files' });
  await widget.locator('input[type="file"]').setInputFiles({
    name: 'extra.png',
    mimeType: 'image/png',
    buffer: await png(200, 100),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Attached images and videos' }).getByRole('listitem'),
  ).toHaveCount(1);

  await page.getByTestId('editor-save-draft').click();
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  const [saved] = await postsOf(page.request);
  expect(saved?.featuredImage).toBe(location);
  expect(saved?.media).toHaveLength(1);
  expect(saved?.media[0]?.kind).toBe('image');

  // Removing the attached file is an unsaved change; saving drops it from the post.
  await page.getByRole('button', { name: 'Remove extra.png from the post' }).click();
  await expect(page.getByTestId('editor-save-state')).toHaveText('Unsaved changes');
  await page.getByTestId('editor-save-draft').click();
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  const [after] = await postsOf(page.request);
  expect(after?.media).toHaveLength(0);
  expect(after?.featuredImage).toBe(location);
});
