import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { newTestContext } from './contexts';
import { newMember, registerThroughApi, signInThroughApi, type Member } from './support';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  member: Member;
  id: string;
}

/** Every context a test opened; a spec closes them after each test whatever its outcome. */
const opened: BrowserContext[] = [];

export async function closeOpenedContexts(): Promise<void> {
  for (const context of opened.splice(0)) await context.close();
}

/**
 * A new member in a context of their own, registered, signed in through the API, on `path` (the
 * home page unless a test looks elsewhere first) with a healthy socket. Clipboard access is
 * granted for the share buttons that copy links. The service worker is blocked, as in every
 * context (./contexts.ts), unless a test is about it.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  path = '/',
  options: Pick<BrowserContextOptions, 'serviceWorkers'> = {},
): Promise<SignedIn> {
  const context = await newTestContext(browser, {
    baseURL,
    permissions: ['clipboard-read', 'clipboard-write'],
    ...options,
  });
  opened.push(context);
  const page = await context.newPage();
  const member = newMember();
  const id = await registerThroughApi(page.request, member);
  await signInThroughApi(page.request, member);
  await page.goto(path);
  if (path === '/') await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  return { context, page, member, id };
}

/** A second tab of the same member: same cookies, its own socket. */
export async function secondTab(of: SignedIn, path: string): Promise<Page> {
  const page = await of.context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  return page;
}

/** Quick set-up for tests that are not about friend requests. */
export async function befriendThroughApi(from: SignedIn, to: SignedIn): Promise<void> {
  const sent = await from.page.request.post('/api/friends/requests', {
    data: { toUserId: to.id },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await to.page.request.post(`/api/friends/requests/${id}/accept`)).status()).toBe(200);
}
