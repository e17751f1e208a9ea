import { expect, test, type Page } from '@playwright/test';
import { BALANCER_URL, findNginx, LoadBalancedStack } from './load-balancer-stack';
import { RECONNECT } from '../../shared/constants';
import { signInNewMember } from './support';

/** Every reconnect attempt's delay, summed, and a little over. */
const RECONNECT_WINDOW_MS = RECONNECT.initialDelayMs * (2 ** RECONNECT.maxAttempts - 1) + 5_000;

/**
 * The deployment docker-compose.yml describes, with local processes: nginx with the shipped
 * configuration in front of two server processes. The browser only ever talks to nginx.
 */

const nginx = findNginx();
test.skip(!nginx, 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)');

test.use({ baseURL: BALANCER_URL });

let stack: LoadBalancedStack;

test.beforeAll(async () => {
  // Two server processes and nginx start here; on a busy machine that takes a while.
  test.setTimeout(120_000);
  stack = await LoadBalancedStack.start(nginx!);
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Raises a badge counter through one server process directly, as "another node" would. */
async function raiseOn(page: Page, url: string, userId: string): Promise<void> {
  const res = await page.request.post(`${url}/api/test/badge-events`, {
    data: { userId, counter: 'notifications' },
  });
  expect(res.status()).toBe(201);
}

test('through nginx, the page stays live while either server process is killed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sockets: { closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    const socket = { closed: false };
    sockets.push(socket);
    ws.on('close', () => (socket.closed = true));
  });

  const { userId } = await signInNewMember(page);
  const status = page.getByTestId('connection-status');
  const badge = page.getByTestId('badge-notifications');
  await expect(status).toHaveText('Healthy');
  expect(sockets).toHaveLength(1);

  // Whichever process holds the page's socket, commands on either reach it.
  await raiseOn(page, stack.nodeUrl(0), userId);
  await expect(badge).toHaveText('1');
  await raiseOn(page, stack.nodeUrl(1), userId);
  await expect(badge).toHaveText('2');

  // Killing process 1 and then process 2 (with 1 back meanwhile) takes the page's socket away at
  // least once, whichever process nginx gave it: it must reconnect through nginx to the other.
  await stack.killNode(0);
  await raiseOn(page, stack.nodeUrl(1), userId);
  await expect(badge).toHaveText('3', { timeout: RECONNECT_WINDOW_MS });
  await expect(status).toHaveText('Healthy');
  await stack.startNode(0);
  await stack.killNode(1);
  await raiseOn(page, stack.nodeUrl(0), userId);
  // The page may have to reconnect, and its retries wait 1, 2, 4, 8 and 16 s: allow them all.
  await expect(badge).toHaveText('4', { timeout: RECONNECT_WINDOW_MS });

  // Now on process 1, the only one up, with a socket opened after a drop.
  await expect.poll(() => sockets.filter((s) => !s.closed).length).toBe(1);
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  await expect(status).toHaveText('Healthy');
  const opened = sockets.length;

  // Still live: through nginx, and from process 2 once it is back, pushed without a reconnect.
  const viaNginx = await page.request.post('/api/test/badge-events', {
    data: { userId, counter: 'notifications' },
  });
  expect(viaNginx.status()).toBe(201);
  await expect(badge).toHaveText('5');
  await stack.startNode(1);
  await raiseOn(page, stack.nodeUrl(1), userId);
  await expect(badge).toHaveText('6');
  expect(sockets).toHaveLength(opened);

  // And the app itself loads through nginx, still signed in, with the counts it had.
  await page.reload();
  await expect(status).toHaveText('Healthy');
  await expect(badge).toHaveText('6');
});
