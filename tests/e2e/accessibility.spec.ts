import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { closeOpenedContexts, signedInContext, type SignedIn } from './members';
import { openInApp } from './support';

test.afterEach(closeOpenedContexts);

// Issue #23: every route of the app, in both themes, signed out, as a member and as the owner.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Finding {
  route: string;
  theme: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

/** A page has drawn once its first heading shows and nothing says it is still loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

/**
 * Opens `route` inside the running app, as its own links do (a full load per page would cost
 * the sweep the app's start and its socket's each time), and waits for the page that was shown
 * to go: each route's page differs from the one before it in the lists below.
 */
async function navigateInApp(page: Page, route: string): Promise<void> {
  const shown = page.locator('#main-content > div > *').first();
  await shown.evaluate((element) => element.setAttribute('data-a11y-left', ''));
  await openInApp(page, route);
  await expect(page.locator('[data-a11y-left]')).toHaveCount(0);
}

// The shell around every member page: checked in full on a sweep's first page, then left out so
// that each later page costs axe only its own content (page-level rules still run on each).
const SHELL = ['#side-panel', '[data-testid="app-header"]', '#main-content ~ footer'];

async function findingsOn(
  page: Page,
  route: string,
  theme: string,
  withShell: boolean,
): Promise<Finding[]> {
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (!withShell) for (const part of SHELL) axe.exclude(part);
  const results = await axe.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      theme,
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

async function sweep(page: Page, routes: string[], inApp = true): Promise<Finding[]> {
  // The sweep's visits are no showings to count: without this, the floating ad's impressions
  // they send would land in the totals that ads.spec, next in the run, counts from.
  await page.route('**/api/ads/events', (route) =>
    route.fulfill({ status: 202, json: { accepted: 0 } }),
  );
  const findings: Finding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => window.localStorage.setItem('theme', t), theme);
    for (const [index, route] of routes.entries()) {
      if (index === 0 || !inApp) await page.goto(route);
      else await navigateInApp(page, route);
      await settle(page);
      await expect(page.locator('html')).toHaveClass(
        theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      const started = Date.now();
      const found = await findingsOn(page, route, theme, index === 0);
      console.log(route, theme, Date.now() - started, 'ms', JSON.stringify(found));
      findings.push(...found);
    }
  }
  return findings;
}

async function memberWithContent(
  browser: Browser,
  baseURL: string,
): Promise<{
  member: SignedIn;
  other: SignedIn;
  postId: string;
}> {
  const member = await signedInContext(browser, baseURL);
  const other = await signedInContext(browser, baseURL);
  const created = await member.page.request.post('/api/posts', {
    data: {
      title: 'Accessible by everyone',
      content: 'A post with a #tag and a comment below.',
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  const commented = await other.page.request.post(`/api/posts/${postId}/comments`, {
    data: { content: 'Nice one' },
  });
  expect(commented.status()).toBe(201);
  return { member, other, postId };
}

const VISITOR_ROUTES = ['/', '/login', '/create-account', '/reset-password', '/home', '/no/such'];

function memberRoutes(otherUsername: string, postId: string): string[] {
  return [
    '/',
    '/profile',
    '/profile/contact',
    '/profile/followers',
    '/profile/following',
    '/profile/posts',
    '/profile/settings',
    '/profile/skills',
    '/profile/stats',
    `/profile/${otherUsername}`,
    '/friends',
    `/post/${postId}`,
    '/video',
    '/messages',
    '/notifications',
    '/saved',
    '/settings',
    '/trending',
    '/tags/tag',
    '/search?q=accessible',
    '/events',
    '/images',
    '/videos',
    '/marketplace',
    '/business',
    '/community',
    '/posts',
    '/create-post',
    `/edit-post/${postId}`,
    '/analytics',
    '/apps',
    '/business-account',
    '/business-account/report',
    '/create-community',
    '/create-organization',
    '/organizational',
    '/file-upload-demo',
    '/ads/test-ads',
    '/ads/feed-ad1',
  ];
}

const OWNER_ROUTES = [
  '/moderation',
  '/monitoring-demo',
  '/email-demo',
  '/backup-demo',
  '/ads/manage',
];

test('every page a visitor reaches has no serious or critical WCAG 2.2 A/AA violation, in both themes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  // Most of these pages are outside the app's shell: each is loaded in full.
  expect(await sweep(page, VISITOR_ROUTES, false)).toEqual([]);
});

test('every page a member reaches has no serious or critical WCAG 2.2 A/AA violation, in both themes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const { member, other, postId } = await memberWithContent(browser, baseURL!);
  expect(await sweep(member.page, memberRoutes(other.member.username, postId))).toEqual([]);
});

test('the owner’s pages have no serious or critical WCAG 2.2 A/AA violation, in both themes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const owner = await signedInContext(browser, baseURL!);
  const promoted = await owner.page.request.post(`/api/test/users/${owner.id}/role`, {
    data: { role: 'owner' },
  });
  expect(promoted.status()).toBe(204);
  expect(await sweep(owner.page, OWNER_ROUTES)).toEqual([]);
});
