import { createECDH, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

test('Agora is installable: its manifest is linked and served, with icons browsers ask for', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Agora', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('a signed-in member reopening Agora offline gets the app saying so, and it comes back online', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInContext(browser, baseURL!, '/', {
    serviceWorkers: 'allow',
  });
  const script = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(script).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  // The shell kept offline is the page anyone gets, never the member's home drawn for them.
  await expect(page.locator('#first-screen-data')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
});

test('Profile Settings lists this browser and the member’s others for push, and removes them', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/', { serviceWorkers: 'allow' });
  // Headless Chromium has no push service to subscribe at: the Push API answers as a browser
  // would, with a real P-256 key, and the rest (the server, the list) is Agora's own.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await page.addInitScript((keys) => {
    let current: PushSubscription | null = null;
    const subscription = {
      endpoint: `https://push.example.test/e2e/${crypto.randomUUID()}`,
      expirationTime: null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => (current = subscription);
    PushManager.prototype.getSubscription = async () => current;
    Notification.requestPermission = async () => 'granted' as const;
  }, keys);

  // Another of the member's browsers, subscribed through the API.
  const other = await page.request.put('/api/me/push-subscriptions', {
    headers: {
      'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
    },
    data: {
      endpoint: 'https://push.example.test/e2e/phone',
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  });
  expect(other.ok()).toBe(true);

  await page.goto('/profile/settings?tab=notifications');
  const panel = page.getByRole('region', { name: 'Push notifications on your devices' });
  const devices = panel.getByRole('list', { name: 'Devices with push notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Firefox on Android');

  await panel.getByRole('button', { name: 'Turn on push notifications in this browser' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This browser');
  await expect(
    panel.getByRole('button', { name: 'Turn on push notifications in this browser' }),
  ).toHaveCount(0);
  // The accessibility sweep opens the settings on their first tab; this one is checked here.
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="settings-push-devices"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await panel
    .getByRole('button', { name: 'Stop push notifications to Firefox on Android' })
    .click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Stop push notifications to this browser' }).click();
  await expect(
    panel.getByText('No browser receives push notifications from you yet.'),
  ).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Turn on push notifications in this browser' }),
  ).toBeVisible();
});
