import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { FIRST_SCREEN_MOST_ROWS } from '../../shared/first-screen';
import type { Conversation } from '../../shared/social/messaging';
import { newTestContext } from './contexts';
import { befriendThroughApi, closeOpenedContexts, signedInContext, type SignedIn } from './members';

test.afterEach(closeOpenedContexts);

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** A's post with B's comment, and their conversation with B's message. */
async function postAndConversation(a: SignedIn, b: SignedIn) {
  await befriendThroughApi(a, b);
  const { id: postId } = await post<{ id: string }>(a.context.request, '/api/posts', {
    title: 'Drawn with its comments',
    content: 'A post page the server draws.',
    status: 'published',
  });
  await post(b.context.request, `/api/posts/${postId}/comments`, { content: 'Comment one' });
  const conversation = await post<Conversation>(a.context.request, '/api/conversations', {
    participantId: b.id,
  });
  const send = (content: string) =>
    post(b.context.request, `/api/conversations/${conversation.id}/messages`, { content });
  await send('Message one');
  return { postId, conversation, send };
}

/** A page of `member`'s session with JavaScript off: what the server drew, and nothing else. */
async function withoutScripts(
  browser: Browser,
  baseURL: string | undefined,
  member: Pick<SignedIn, 'context'>,
  look: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await newTestContext(browser, {
    ...options,
    baseURL,
    javaScriptEnabled: false,
    storageState: await member.context.storageState(),
  });
  try {
    await look(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a post page and the conversation list are drawn before any script has run', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  const { postId } = await postAndConversation(a, b);
  await withoutScripts(browser, baseURL, a, async (page) => {
    await page.goto(`/post/${postId}`);
    await expect(page.getByTestId('post-title')).toHaveText('Drawn with its comments');
    await expect(page.getByTestId('comment-content')).toHaveText('Comment one');
    await expect(page.getByTestId('comment-composer-input')).toBeDisabled();

    await page.goto('/messages');
    await expect(page.getByTestId('conversation-item')).toContainText('Message one');
    await expect(page.getByTestId('conversations-search')).toBeDisabled();
  });
});

test('the app takes the drawn pages over from what they carried and keeps them live', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  // A has no page open while B writes: only the drawn list's page can acknowledge the message.
  await a.page.close();
  const { postId, conversation, send } = await postAndConversation(a, b);
  const deliveredToA = async () => {
    const res = await b.context.request.get('/api/conversations');
    const list = (await res.json()) as Conversation[];
    return list.find(({ id }) => id === conversation.id)?.contactDeliveredSeq;
  };
  expect(await deliveredToA()).toBe(0);
  const page = await a.context.newPage();
  const asked: string[] = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));

  await page.goto('/messages');
  await expect(page.getByTestId('conversation-item')).toContainText('Message one');
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  // The server drawing the list acknowledged nothing; the app's own read on connecting does.
  await expect.poll(deliveredToA).toBe(1);
  await send('Message two');
  await expect(page.getByTestId('conversation-item')).toContainText('Message two');

  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  await expect(page.getByTestId('comment-composer-input')).toBeEnabled();
  await post(b.context.request, `/api/posts/${postId}/comments`, { content: 'Comment two' });
  await expect(page.getByTestId('comment-content')).toHaveText(['Comment one', 'Comment two']);
  expect(asked).not.toContain('/api/auth/session');
});

test('a post with more comments than a drawn page holds is drawn without them, and the app loads them', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const { id: postId } = await post<{ id: string }>(a.context.request, '/api/posts', {
    title: 'Much discussed',
    content: 'A post with many comments.',
    status: 'published',
  });
  const count = FIRST_SCREEN_MOST_ROWS + 1;
  for (let index = 1; index <= count; index++) {
    await post(a.context.request, `/api/posts/${postId}/comments`, { content: `Comment ${index}` });
  }
  await withoutScripts(browser, baseURL, a, async (page) => {
    await page.goto(`/post/${postId}`);
    await expect(page.getByTestId('post-title')).toHaveText('Much discussed');
    await expect(page.getByText('Loading comments...')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(0);
  });
  await a.page.goto(`/post/${postId}`);
  await expect(a.page.getByTestId('comment-content')).toHaveCount(count);
});

test("a drawn page shows times on the member's clock, as the app then does", async ({
  browser,
  baseURL,
}) => {
  const a = await signedInContext(browser, baseURL!);
  const b = await signedInContext(browser, baseURL!);
  await postAndConversation(a, b);
  // Far from the server's UTC, and with another locale: a message sent now is shown on another
  // day and in another format than the server's own clock would give.
  const clock = { timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' };
  const elsewhere = await newTestContext(browser, {
    ...clock,
    baseURL,
    storageState: await a.context.storageState(),
  });
  try {
    const page = await elsewhere.newPage();
    await page.goto('/messages');
    await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
    const shown = await page.getByTestId('conversation-item').locator('time').textContent();
    expect(shown).toMatch(/^\d\d:\d\d$/);
    await withoutScripts(
      browser,
      baseURL,
      { context: elsewhere },
      async (drawn) => {
        await drawn.goto('/messages');
        await expect(drawn.getByTestId('conversation-item').locator('time')).toHaveText(shown!);
      },
      clock,
    );
  } finally {
    await elsewhere.close();
  }
});
