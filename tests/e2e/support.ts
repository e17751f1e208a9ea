import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_PORTS } from './ports';

let counter = 0;

export interface Member {
  username: string;
  email: string;
  password: string;
}

export function newMember(): Member {
  counter += 1;
  const username = `e2e_${Date.now().toString(36)}_${counter}`;
  return { username, email: `${username}@example.com`, password: 'Secret123' };
}

/** Creates an account through the API (fast set-up for tests that are not about sign-up). */
export async function registerThroughApi(
  request: APIRequestContext,
  member: Member,
): Promise<string> {
  const res = await request.post('/api/auth/sign-up', { data: member });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string };
  // The API signs the new member in; tests that need a visitor sign out again.
  await request.post('/api/auth/sign-out');
  return body.id;
}

export async function signInThroughForm(page: Page, member: Member): Promise<void> {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs a member in through the API: the session cookie lands in the page's browser context. Set-up
 * for tests that are not about signing in (`auth.spec.ts` signs in through the form), one page
 * load (the Login card's) fewer than the form.
 */
export async function signInThroughApi(request: APIRequestContext, member: Member): Promise<void> {
  const res = await request.post('/api/auth/sign-in', {
    data: { email: member.email, password: member.password },
  });
  expect(res.status()).toBe(200);
}

/**
 * A signed-in member's page, once the app has taken it over: the server draws the home, the
 * conversation list and a post page with the document (`shared/first-screen.ts`), and until the
 * app replaces that page its controls are disabled and anything done to its elements is lost.
 * The app's connection status is its own, never drawn ahead.
 */
export async function openMemberPage(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
}

/**
 * Opens `path` inside the running app, as its own links do: the page asks for its data itself,
 * as it does when reached from another page (opened as a document, a drawn page comes with it).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A new member, registered and signed in through the API, on the home page. */
export async function signInNewMember(page: Page): Promise<{ member: Member; userId: string }> {
  const member = newMember();
  const userId = await registerThroughApi(page.request, member);
  await signInThroughApi(page.request, member);
  await openMemberPage(page);
  await expect(page).toHaveURL(/\/$/);
  return { member, userId };
}

/**
 * A new member made an owner through the test-only route (other specs run first on this
 * database, so a test is never its first account), signed in through the API, on `path` with a
 * healthy socket.
 */
export async function signInNewOperator(
  page: Page,
  path: string,
): Promise<{ member: Member; userId: string }> {
  const member = newMember();
  const userId = await registerThroughApi(page.request, member);
  const promoted = await page.request.post(`/api/test/users/${userId}/role`, {
    data: { role: 'owner' },
  });
  expect(promoted.status()).toBe(204);
  await signInThroughApi(page.request, member);
  await page.goto(path);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  return { member, userId };
}

/** The second server process: events appended there must reach sockets of the first. */
export function otherProcessUrl(): string {
  const url = process.env.E2E_OTHER_URL;
  if (!url) throw new Error('E2E_OTHER_URL is not set: run through the Playwright config');
  return url;
}

/** Reads the reset link from the newest "Password Reset" email in the outbox. */
export async function latestResetUrl(email: string): Promise<URL> {
  const client = new pg.Client({
    connectionString: `postgres://agora:agora@127.0.0.1:${E2E_PORTS.postgres}/agora`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ reset_url: string }>(
      `select data->>'resetUrl' as reset_url from email_outbox
       where recipient = $1 and template = 'Password Reset' order by created_at desc limit 1`,
      [email],
    );
    if (!rows[0]) throw new Error(`no reset email for ${email}`);
    return new URL(rows[0].reset_url);
  } finally {
    await client.end();
  }
}

/**
 * Holds every request matching `url` at the network until the returned function is called; then
 * they, and every later one, go through. A loading state is then certain to be seen.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Clicks the middle of `target` as the page lays it out, as a reader's pointer would. On the feed's
 * sticky "N new posts" pill, Playwright's own click now and then found a card under the point it
 * aimed at while the page's `elementFromPoint` there gave the pill, and scrolled the page to try
 * again: a test of where the reader is left then measured Playwright's scroll.
 */
export async function clickWhereShown(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport();
  // Where it rests: a page still in an animated scroll (the Home key's) moves a sticky target
  // between the measuring and the click.
  const box = await target.evaluate(async (element) => {
    const middle = () => {
      const { left, top, width, height } = element.getBoundingClientRect();
      return { x: left + width / 2, y: top + height / 2 };
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = middle();
    for (;;) {
      await frame();
      const now = middle();
      if (now.x === last.x && now.y === last.y) return now;
      last = now;
    }
  });
  await page.mouse.click(box.x, box.y);
}
