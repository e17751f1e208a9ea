import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { newTestContext } from './contexts';
import { adsMessages, type AdEvent, type AdsConfig, type AdsMetricsReport } from '../../shared/ads';
import { closeOpenedContexts, signedInContext } from './members';
import { newMember, registerThroughApi } from './support';

const FLOATING = 'floating-top-right';

const opened: BrowserContext[] = [];

test.afterEach(async () => {
  await closeOpenedContexts();
  for (const context of opened.splice(0)) await context.close();
});

/**
 * A member (an owner when `owner`) signed in through the API in a context of their own and
 * opened straight on `path`: no other page of theirs shows an ad first, so the only showings
 * counted are those a test makes.
 */
async function signedInOn(
  browser: Browser,
  baseURL: string,
  path: string,
  { owner = false } = {},
): Promise<Page> {
  const context = await newTestContext(browser, { baseURL });
  opened.push(context);
  const page = await context.newPage();
  const member = newMember();
  const userId = await registerThroughApi(page.request, member);
  if (owner) {
    const promoted = await page.request.post(`/api/test/users/${userId}/role`, {
      data: { role: 'owner' },
    });
    expect(promoted.status()).toBe(204);
  }
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: { email: member.email, password: member.password },
  });
  expect(signedIn.ok()).toBe(true);
  await page.goto(path);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  return page;
}

async function report(request: APIRequestContext): Promise<AdsMetricsReport> {
  const response = await request.get('/api/ads/metrics');
  expect(response.status()).toBe(200);
  return (await response.json()) as AdsMetricsReport;
}

function metricsIn(of: AdsMetricsReport, adId: string) {
  const ad = of.ads.find((entry) => entry.adId === adId);
  return ad ?? { adId, impressions: 0, clicks: 0, ctr: 0, revenue: 0, lastShown: null };
}

async function metricsOf(request: APIRequestContext, adId: string) {
  return metricsIn(await report(request), adId);
}

async function setAutoRotate(request: APIRequestContext, autoRotate: boolean): Promise<boolean> {
  const config = (await (await request.get('/api/ads')).json()) as AdsConfig;
  const before = config.placements.find((placement) => placement.id === FLOATING)!.autoRotate;
  if (before !== autoRotate) {
    const changed = await request.patch(`/api/ads/placements/${FLOATING}`, {
      data: { autoRotate },
    });
    expect(changed.status()).toBe(200);
  }
  return before;
}

/** The events the page sends in its next batch. */
function nextBatch(page: Page): Promise<AdEvent[]> {
  return page
    .waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/ads/events',
      { timeout: 15_000 },
    )
    .then((request) => (request.postDataJSON() as { events: AdEvent[] }).events);
}

test('an impression counts once for a showing however long it stays; a click shows on the owner’s panel live', async ({
  browser,
  baseURL,
}) => {
  // The panel shows no floating ad of its own: the only impressions counted are the member's.
  const owner = await signedInOn(browser, baseURL!, '/ads/manage', { owner: true });
  await expect(owner.getByRole('heading', { name: 'Ads', level: 1 })).toBeVisible();
  // One ad, not rotating: every impression of it here is of this one showing.
  const autoRotated = await setAutoRotate(owner.request, false);
  try {
    // Before the member's page opens, so nothing of theirs can have been counted yet; what earlier
    // tests' pages sent (the last batch as they closed) is written first, not during this test.
    expect((await owner.request.post('/api/test/ads/flush')).status()).toBe(204);
    const start = await report(owner.request);
    // Not the home feed: its inline slots may show the same ads.
    const member = await signedInOn(browser, baseURL!, '/friends');
    const floating = member.getByTestId('ad-slot-floating');
    const card = floating.getByTestId('ad-card');
    await expect(card).toBeVisible();
    const adId = (await card.getAttribute('data-ad-id'))!;
    const before = metricsIn(start, adId);

    // Counted after a visible second, and sent within the 5 s batch.
    await expect
      .poll(async () => (await metricsOf(owner.request, adId)).impressions, { timeout: 20_000 })
      .toBe(before.impressions + 1);
    const ctrCell = owner.locator(`tr[data-ad-id="${adId}"] [data-metric="ctr"]`);
    const counted = await metricsOf(owner.request, adId);
    await expect(ctrCell).toHaveText(`${counted.ctr.toFixed(2)}%`);

    // The ad stays on screen; the next batch carries the click and no second impression.
    const batch = nextBatch(member);
    await card.getByRole('button').click();
    await expect(member.getByText(adsMessages.comingSoon)).toBeVisible();
    const sent = await batch;
    expect(sent).toEqual([{ adId, placementId: FLOATING, kind: 'click' }]);

    await expect
      .poll(async () => (await metricsOf(owner.request, adId)).clicks, { timeout: 15_000 })
      .toBe(before.clicks + 1);
    const after = await metricsOf(owner.request, adId);
    expect(after.impressions).toBe(before.impressions + 1);
    // Two decimals, as the server rounds it: 1 click in 3 impressions is 33.33, not 33.333….
    expect(after.ctr).toBe(Math.round((after.clicks / after.impressions) * 10_000) / 100);
    // The panel follows without a reload.
    await expect(ctrCell).toHaveText(`${after.ctr.toFixed(2)}%`);
    expect(after.ctr).not.toBe(counted.ctr);
  } finally {
    await setAutoRotate(owner.request, autoRotated);
  }
});

test('a member’s floating ad rotates, has six dots and a dismiss that announces the plans', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!);
  const floating = page.getByTestId('ad-slot-floating');
  const card = floating.getByTestId('ad-card');
  await expect(card).toBeVisible();
  await expect(floating).toHaveCSS('position', 'fixed');
  await expect(floating).toHaveCSS('z-index', '9999');

  const first = await card.getAttribute('data-ad-id');
  // The next ad comes after a random 3 to 8 s (002 §9).
  await expect.poll(() => card.getAttribute('data-ad-id'), { timeout: 15_000 }).not.toBe(first);

  const dots = floating.getByRole('group', { name: 'Choose an ad' }).getByRole('button');
  await expect(dots).toHaveCount(6);
  await dots.first().click();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect(card).toHaveAttribute('data-ad-id', first!);

  const comingSoon = page.getByText(adsMessages.comingSoon);
  await card.getByRole('button').click();
  await expect(comingSoon).toBeVisible();
  // The toast sits over the card's top right corner, where the dismiss button is.
  await page
    .getByRole('listitem')
    .filter({ hasText: adsMessages.comingSoon })
    .getByRole('button', { name: 'Close toast' })
    .click();
  await expect(comingSoon).toBeHidden();

  await floating.getByRole('button', { name: 'Dismiss ad' }).click();
  await expect(comingSoon).toBeVisible();
  await expect(floating).toBeHidden();
  // Hidden for the session: it stays away after a reload.
  const configLoaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/ads' && response.ok(),
  );
  await page.reload();
  await configLoaded;
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  await expect(page.getByTestId('ad-slot-floating')).toHaveCount(0);
});

test('the demo page’s sponsored card stays beneath the top menu when scrolled under it', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInOn(browser, baseURL!, '/ads/feed-ad1');
  // Its showings are not counted: the counting test above expects only its own, and this page's
  // last batch is sent as the page closes, after this test has ended.
  await page.route('**/api/ads/events', (route) => route.fulfill({ status: 204 }));
  await expect(page.locator('main').getByTestId('ad-card').first()).toBeVisible();
  const headerOnTop = () =>
    page.evaluate(() => {
      const card = document.querySelector('main [data-testid="ad-card"]')!;
      const header = document.querySelector('[data-testid="app-header"]')!;
      const menu = header.getBoundingClientRect();
      window.scrollBy(0, card.getBoundingClientRect().top - menu.top);
      const x = card.getBoundingClientRect().left + card.getBoundingClientRect().width / 2;
      return header.contains(document.elementFromPoint(x, menu.top + menu.height / 2));
    });
  await expect.poll(headerOnTop).toBe(true);
});
