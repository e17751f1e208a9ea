import { expect, test, type BrowserContext, type Locator } from '@playwright/test';
import { newTestContext } from './contexts';
import { signInNewOperator } from './support';

/** What a walk through the product found; each test pins one of its fixes. */

// Each test signs an operator in and opens a console: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe('serving the web app', () => {
  test('sends precompressed files in the coding asked for, with their cache policy', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.status()).toBe(200);
    expect(page.headers()).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
    });
    expect(page.headers()['vary']).toMatch(/accept-encoding/i);
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(
      await page.text(),
    )?.[1];
    expect(script).toBeDefined();

    const codings = [
      { accept: 'br;q=1, gzip;q=0.8', sent: 'br' },
      { accept: 'gzip, deflate', sent: 'gzip' },
      { accept: 'br;q=0, gzip', sent: 'gzip' },
      { accept: 'identity', sent: undefined },
    ];
    const bodies = new Set<string>();
    for (const { accept, sent } of codings) {
      const res = await request.get(script!, { headers: { 'accept-encoding': accept } });
      expect(res.status()).toBe(200);
      const headers = res.headers();
      expect(headers['content-encoding']).toBe(sent);
      expect(headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(headers['cache-control']).toBe(IMMUTABLE);
      expect(headers['vary']).toMatch(/accept-encoding/i);
      // Decoded by the client, every coding is the same script.
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);

    // A route of the app is the page; a hashed file that is not there is not.
    const route = await request.get('/friends');
    expect(route.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(route.headers()['cache-control']).toBe('no-cache');
    expect((await request.get('/assets/index-missing.js')).status()).toBe(404);
  });
});

test('a test error raised from Testing Tools shows as an ERROR line in the log viewer', async ({
  page,
}) => {
  const { userId } = await signInNewOperator(page, '/monitoring-demo');
  await page.getByRole('tab', { name: 'Testing Tools' }).click();
  await page.getByRole('button', { name: 'Trigger Test Error' }).click();

  await page.getByRole('tab', { name: 'Logs' }).click();
  await page.getByLabel('Level', { exact: true }).selectOption('ERROR');
  await page.getByLabel('Search', { exact: true }).fill('Test error triggered from Testing Tools');
  const row = page.getByTestId('log-entry').first();
  await expect(row).toContainText('Test error triggered from Testing Tools');
  await expect(row).toContainText('ERROR');
  await expect(row).toContainText('client');
  await row.getByRole('button', { name: 'Show details' }).click();
  await expect(row.getByText(`User: ${userId}`)).toBeVisible();
  await expect(row.getByText('"component": "TestingTools"')).toBeVisible();
});

test('the side panel scrolls to the last Operations link in a window 900 px high', async ({
  browser,
  baseURL,
}) => {
  const context = await newTestContext(browser, {
    baseURL,
    viewport: { width: 1280, height: 900 },
  });
  opened.push(context);
  const page = await context.newPage();
  await signInNewOperator(page, '/');

  const panel = page.getByRole('navigation', { name: 'Side panel' });
  const last = panel.getByRole('link', { name: 'Backup and Recovery' });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  // The panel itself scrolled: the page stays where it was, the header in view.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await last.click();
  await expect(page).toHaveURL(/\/backup-demo$/);
});

/** Whether two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('an element to compare is not on the page');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a toast stays clear of the header's health badge and theme toggle at ${viewport.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const context = await newTestContext(browser, { baseURL, viewport });
    opened.push(context);
    const page = await context.newPage();
    await signInNewOperator(page, '/monitoring-demo');
    await page.getByRole('tab', { name: 'Testing Tools' }).click();
    await page.getByRole('button', { name: 'Trigger Test Warning' }).click();

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Test warning reported' });
    await expect(toast).toBeVisible();
    const badge = page.getByTestId('connection-status');
    const toggle = page.getByRole('button', { name: /^Switch to \w+ theme$/ });
    // The toast slides in from above; where it comes to rest is what counts. Measured during the
    // slide it can be clear of both and still above the header's bottom edge.
    let last = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await toast.boundingBox());
        const still = now === last;
        last = now;
        return still;
      })
      .toBe(true);
    const placement = `toast ${last}, badge ${JSON.stringify(await badge.boundingBox())}, toggle ${JSON.stringify(await toggle.boundingBox())}`;
    expect(await overlap(toast, badge), placement).toBe(false);
    expect(await overlap(toast, toggle), placement).toBe(false);
    const header = await page.getByTestId('app-header').boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
}
