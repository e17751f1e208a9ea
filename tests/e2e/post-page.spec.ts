import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { postsMessages } from '../../shared/posts/messages';
import { closeOpenedContexts, signedInContext } from './members';
import { holdRequests, openInApp, openMemberPage } from './support';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/media');
const UNKNOWN_ID = '7a1f1c55-0000-4000-8000-000000000000';

test.afterEach(closeOpenedContexts);

interface NewPost {
  title?: string;
  content?: string;
  visibility?: 'public' | 'friendsOnly' | 'private';
  allowComments?: boolean;
  mediaIds?: string[];
}

/** Publishes a post through the API as the page's member; answers its id. */
async function publish(request: APIRequestContext, post: NewPost): Promise<string> {
  const res = await request.post('/api/posts', {
    data: { title: 'A post', content: 'Its content', ...post, status: 'published' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The comment at a depth, without the replies nested under it (one comment per depth here). */
const commentAt = (page: Page, depth: number) =>
  page.locator(`[data-testid="comment"][data-depth="${depth}"] > article`);

async function submitWithEnter(page: Page, testId: string, text: string): Promise<void> {
  const input = page.getByTestId(`${testId}-input`);
  await input.fill(text);
  await input.press('Enter');
}

test('a member comments on their post, replies to depth 3, edits and deletes', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  const postId = await publish(page.request, {
    title: 'Lake day',
    content: 'We went to the lake.',
  });

  // 'Loading post...' while the post is on its way: the answer is held until it has been seen.
  // Opened inside the app (as a document the post comes drawn by the server with it), from a
  // page that holds no posts: from the home, the feed may already have brought this one.
  await openMemberPage(page, '/friends');
  const release = await holdRequests(page, `**/api/posts/${postId}`);
  await openInApp(page, `/post/${postId}`);
  await expect(page.getByText('Loading post...')).toBeVisible();
  // The route stays: once released it lets every later request of the post through at once.
  release();
  await expect(page.getByTestId('post-title')).toHaveText('Lake day');
  await expect(page.getByTestId('post-content')).toHaveText('We went to the lake.');
  await expect(page.getByTestId('post-read-time')).toHaveText('1 min read');
  await expect(page.getByTestId('comments-empty')).toHaveText(
    'No comments yet. Be the first to comment.',
  );

  // Blank is refused with the server's text; Shift+Enter adds a line, Enter sends.
  const box = page.getByTestId('comment-composer-input');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByTestId('comment-composer-error')).toHaveText(postsMessages.commentBlank);
  await box.fill('First line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue('First line\nsecond line');
  await box.press('Enter');
  await expect(commentAt(page, 0).getByTestId('comment-content')).toHaveText(
    'First line\nsecond line',
  );
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('comment-composer-error')).toBeEmpty();

  // Replies three levels deep: Reply is offered down to depth 2 and gone at depth 3.
  for (let depth = 0; depth < 3; depth += 1) {
    await commentAt(page, depth).getByTestId('comment-reply').click();
    await expect(page.getByTestId('reply-composer-input')).toBeFocused();
    await submitWithEnter(page, 'reply-composer', `Reply at depth ${depth + 1}`);
    await expect(commentAt(page, depth + 1).getByTestId('comment-content')).toHaveText(
      `Reply at depth ${depth + 1}`,
    );
  }
  for (let depth = 0; depth < 3; depth += 1) {
    await expect(commentAt(page, depth).getByTestId('comment-reply')).toHaveCount(1);
  }
  await expect(commentAt(page, 3).getByTestId('comment-reply')).toHaveCount(0);
  await expect(page.getByTestId('comment')).toHaveCount(4);

  // Hiding and showing the replies of the first comment.
  const toggle = commentAt(page, 0).getByTestId('comment-toggle-replies');
  await expect(toggle).toHaveText('Hide 3 replies');
  await toggle.click();
  await expect(toggle).toHaveText('Show 3 replies');
  await expect(page.getByTestId('comment')).toHaveCount(1);
  await toggle.click();
  await expect(page.getByTestId('comment')).toHaveCount(4);

  // A like per viewer.
  const like = commentAt(page, 1).getByTestId('comment-like');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('comment-likes')).toHaveText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like.getByTestId('comment-likes')).toHaveText('0');

  // Editing: the box starts with the text; Enter saves.
  await commentAt(page, 2).getByTestId('comment-edit-button').click();
  const edit = page.getByTestId('comment-edit-input');
  await expect(edit).toHaveValue('Reply at depth 2');
  await expect(edit).toBeFocused();
  await edit.fill('Edited reply');
  await edit.press('Enter');
  await expect(commentAt(page, 2).getByTestId('comment-content')).toHaveText('Edited reply');
  await expect(commentAt(page, 2).getByTestId('comment-edited')).toHaveText('(edited)');

  // Deleting asks first; Cancel keeps the comment.
  await commentAt(page, 3).getByTestId('comment-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Are you sure you want to delete this comment? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('comment')).toHaveCount(4);
  await commentAt(page, 3).getByTestId('comment-delete').click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('comment')).toHaveCount(3);

  // A comment goes with its replies, and the dialog says so.
  await commentAt(page, 0).getByTestId('comment-delete').click();
  await expect(dialog).toContainText(
    'Are you sure you want to delete this comment and its 2 replies? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('comment')).toHaveCount(0);
  await expect(page.getByTestId('comments-empty')).toBeVisible();

  // The server agrees: the thread is empty after a reload.
  await page.reload();
  await expect(page.getByTestId('post-title')).toHaveText('Lake day');
  await expect(page.getByTestId('comments-empty')).toBeVisible();
});

test('?focus=comment focuses the box; closed comments say so', async ({ browser, baseURL }) => {
  const { page } = await signedInContext(browser, baseURL!);
  const open = await publish(page.request, { title: 'Open for comments' });
  const closed = await publish(page.request, { title: 'No comments', allowComments: false });

  await page.goto(`/post/${open}?focus=comment`);
  await expect(page.getByTestId('comment-composer-input')).toBeFocused();

  await page.goto(`/post/${closed}`);
  await expect(page.getByTestId('post-title')).toHaveText('No comments');
  await expect(page.getByTestId('comments-closed')).toHaveText(postsMessages.commentsOff);
  await expect(page.getByTestId('comment-composer')).toHaveCount(0);
});

test('the author deletes the post after confirming and lands on My Posts', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  const postId = await publish(page.request, { title: 'Short-lived' });

  await openMemberPage(page, `/post/${postId}`);
  await expect(page.getByTestId('post-edit')).toHaveAttribute('href', `/edit-post/${postId}`);
  await page.getByTestId('post-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Are you sure you want to delete this post? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByText('Post Deleted')).toBeVisible();
  await expect(page.getByText('The post has been deleted successfully.')).toBeVisible();

  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
});

test("'Post not found' for unknown ids and for posts the viewer may not see", async ({
  browser,
  baseURL,
}) => {
  const author = await signedInContext(browser, baseURL!);
  const stranger = await signedInContext(browser, baseURL!);
  const hidden = await publish(author.page.request, {
    title: 'Friends only',
    visibility: 'friendsOnly',
  });

  for (const id of [UNKNOWN_ID, 'not-a-post', hidden]) {
    await stranger.page.goto(`/post/${id}`);
    await expect(stranger.page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await expect(stranger.page.getByTestId('post-article')).toHaveCount(0);
  }
  // The author sees it, with Edit and Delete; the stranger never gets those.
  await author.page.goto(`/post/${hidden}`);
  await expect(author.page.getByTestId('post-title')).toHaveText('Friends only');
  await expect(author.page.getByTestId('post-delete')).toBeVisible();
});

test('the video page: a video post with its comments and the texts of a missing one', async ({
  browser,
  baseURL,
}) => {
  const { page, id: memberId } = await signedInContext(browser, baseURL!);

  for (const id of [UNKNOWN_ID, await publish(page.request, { title: 'Words only' })]) {
    await page.goto(`/video/${id}`);
    await expect(page.getByRole('heading', { name: 'No video found' })).toBeVisible();
    await expect(page.getByText("The video you're looking for doesn't exist.")).toBeVisible();
  }

  const uploaded = await page.request.post(`/api/upload/${memberId}/videos`, {
    multipart: {
      file: {
        name: 'clip.webm',
        mimeType: 'video/webm',
        buffer: readFileSync(path.join(FIXTURES, 'clip.webm')),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { file } = (await uploaded.json()) as { file: { id: string } };
  const videoPost = await publish(page.request, { title: 'My clip', mediaIds: [file.id] });

  await page.goto(`/video/${videoPost}`);
  await expect(page.getByTestId('video-player')).toBeVisible();
  await expect(page.getByTestId('post-title')).toHaveText('My clip');
  await submitWithEnter(page, 'comment-composer', 'Nice clip');
  await expect(commentAt(page, 0).getByTestId('comment-content')).toHaveText('Nice clip');

  // Without an id the newest video the member may see is shown: the one just published.
  await page.goto('/video');
  await expect(page.getByTestId('post-title')).toHaveText('My clip');
  await expect(page.locator(`[data-testid="other-video"][href="/video/${videoPost}"]`)).toHaveCount(
    0,
  );
});
