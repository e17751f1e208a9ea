import {
  expect,
  test,
  type APIRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { newTestContext } from './contexts';
import { newMember, registerThroughApi, signInThroughApi } from './support';

/**
 * Member text with nowhere to break (one 5,000-character word, 2,500 emoji, a 500-character
 * note) wraps inside whatever shows it: the thread is no wider than its pane, and neither is a
 * conversation row, a friend request card or a notification, on a desktop and a phone screen.
 */

const LONG_WORD = 'W'.repeat(5_000);
const EMOJI = '😀'.repeat(2_500);
const LONG_NOTE = 'N'.repeat(500);
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

interface Account {
  api: APIRequestContext;
  id: string;
}

/** A member who acts through the API only, signed in on a request context of its own. */
async function apiMember(playwright: { request: APIRequest }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('/api/auth/sign-up', { data: newMember() });
  expect(res.status()).toBe(201);
  return { api, id: ((await res.json()) as { id: string }).id };
}

/**
 * A member signed in (through the API) in a browser context of their own, who looks at what the
 * others sent: each test takes the page where it looks.
 */
async function browserMember(browser: Browser, baseURL: string) {
  const context = await newTestContext(browser, { baseURL });
  const page = await context.newPage();
  const member = newMember();
  const id = await registerThroughApi(page.request, member);
  await signInThroughApi(page.request, member);
  return { page, id, close: () => context.close() };
}

async function sendRequest(from: Account, toId: string, message?: string): Promise<string> {
  const res = await from.api.post('/api/friends/requests', { data: { toUserId: toId, message } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Neither `element` nor anything in it reaches past the right edge of `frame`. */
async function expectWithin(element: Locator, frame: Locator): Promise<void> {
  const overflow = await element.evaluate(
    (node, frameNode) => {
      const right = frameNode.getBoundingClientRect().right + 1;
      const outside = [node, ...node.querySelectorAll('*')].filter(
        (child) => child.getBoundingClientRect().right > right,
      ).length;
      return {
        outside,
        scrollWidth: node.scrollWidth,
        frameWidth: frameNode.clientWidth,
        scrolls: node.scrollWidth > node.clientWidth,
      };
    },
    await frame.elementHandle(),
  );
  expect(overflow.outside, 'elements past the right edge').toBe(0);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.frameWidth);
  expect(overflow.scrolls, 'scrolls sideways').toBe(false);
}

/** The page itself never scrolls sideways. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.window);
}

test('an unbroken message and a row of emoji wrap inside the thread and the conversation row', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const viewer = await browserMember(browser, baseURL!);
  const sender = await apiMember(playwright, baseURL!);
  try {
    const requestId = await sendRequest(sender, viewer.id);
    const accepted = await viewer.page.request.post(`/api/friends/requests/${requestId}/accept`);
    expect(accepted.status()).toBe(200);
    const started = await sender.api.post('/api/conversations', {
      data: { participantId: viewer.id },
    });
    const conversationId = ((await started.json()) as { id: string }).id;
    for (const content of [LONG_WORD, EMOJI]) {
      const sent = await sender.api.post(`/api/conversations/${conversationId}/messages`, {
        data: { content },
      });
      expect(sent.status()).toBe(201);
    }

    for (const screen of SCREENS) {
      await viewer.page.setViewportSize(screen);
      await viewer.page.goto(`/messages?conversation=${conversationId}`);
      const thread = viewer.page.getByTestId('message-thread');
      await expect(thread.getByTestId('message-item')).toHaveCount(2);
      const pane = thread.locator('..');
      await expectWithin(thread, pane);
      await expectWithin(viewer.page.getByTestId('message-scroller'), pane);
      await expectNoPageScroll(viewer.page);

      if (screen.width >= 768) {
        const row = viewer.page.locator(
          `[data-testid="conversation-item"][data-conversation-id="${conversationId}"]`,
        );
        await expect(row).toContainText('😀');
        await expectWithin(row, viewer.page.getByRole('list', { name: 'Conversations' }));
      }
    }
  } finally {
    await viewer.close();
    await sender.api.dispose();
  }
});

test('an unbroken friend request note wraps inside its card and its notification', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const viewer = await browserMember(browser, baseURL!);
  const sender = await apiMember(playwright, baseURL!);
  try {
    await sendRequest(sender, viewer.id, LONG_NOTE);
    const page: Page = viewer.page;
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await page.goto('/friends?tab=requests');
      const card = page.getByTestId('request-card');
      await expect(card).toContainText(LONG_NOTE.slice(0, 50));
      await expectWithin(card, page.getByRole('list', { name: 'Friend requests received' }));
      await expectNoPageScroll(page);

      await page.goto('/notifications');
      const item = page.getByTestId('notification-item');
      await expect(item).toContainText(LONG_NOTE.slice(0, 50));
      await expectWithin(item, page.getByRole('region', { name: 'All notifications' }));
      await expectNoPageScroll(page);
    }
  } finally {
    await viewer.close();
    await sender.api.dispose();
  }
});
