import { expect, test, type Page } from '@playwright/test';
import { BALANCER_URL, findNginx, LoadBalancedStack, type NodeIndex } from './load-balancer-stack';
import { RECONNECT } from '../../shared/constants';
import { signInNewMember } from './support';
import { befriendThroughApi, closeOpenedContexts, signedInContext, type SignedIn } from './members';
import { badgeValue, expectBadgesMatchServer } from './badges';

/** Every reconnect attempt's delay, summed, and a little over. */
const RECONNECT_WINDOW_MS = RECONNECT.initialDelayMs * (2 ** RECONNECT.maxAttempts - 1) + 5_000;

/**
 * The deployment docker-compose.yml describes, with local processes: nginx with the shipped
 * configuration in front of three server processes. The browser only ever talks to nginx.
 */

const nginx = findNginx();
test.skip(!nginx, 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)');

test.use({ baseURL: BALANCER_URL });

let stack: LoadBalancedStack;

test.beforeAll(async () => {
  // Three server processes and nginx start here; on a busy machine that takes a while.
  test.setTimeout(120_000);
  stack = await LoadBalancedStack.start(nginx!);
});
test.afterEach(closeOpenedContexts);
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

test('through nginx, the page stays live while each server process in turn is killed', async ({
  page,
}) => {
  test.setTimeout(300_000);
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

  // Whichever process holds the page's socket, commands on any of them reach it.
  let raised = 0;
  for (const index of [0, 1, 2] as const) {
    await raiseOn(page, stack.nodeUrl(index), userId);
    await expect(badge).toHaveText(String(++raised));
  }

  // Killing each process in turn (the one before back meanwhile) takes the page's socket away at
  // least once, whichever process nginx gave it: it must reconnect through nginx to another.
  for (const index of [0, 1, 2] as const) {
    if (index > 0) await stack.startNode((index - 1) as NodeIndex);
    await stack.killNode(index);
    await raiseOn(page, stack.nodeUrl(((index + 1) % 3) as NodeIndex), userId);
    // The page may have to reconnect, and its retries wait 1, 2, 4, 8 and 16 s: allow them all.
    await expect(badge).toHaveText(String(++raised), { timeout: RECONNECT_WINDOW_MS });
  }

  // Now on process 1 or 2, with a socket opened after a drop.
  await expect.poll(() => sockets.filter((s) => !s.closed).length).toBe(1);
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  await expect(status).toHaveText('Healthy');
  const opened = sockets.length;

  // Still live: through nginx, and from process 3 once it is back, pushed without a reconnect.
  const viaNginx = await page.request.post('/api/test/badge-events', {
    data: { userId, counter: 'notifications' },
  });
  expect(viaNginx.status()).toBe(201);
  await expect(badge).toHaveText(String(++raised));
  await stack.startNode(2);
  await raiseOn(page, stack.nodeUrl(2), userId);
  await expect(badge).toHaveText(String(++raised));
  expect(sockets).toHaveLength(opened);

  // And the app itself loads through nginx, still signed in, with the counts it had.
  await page.reload();
  await expect(status).toHaveText('Healthy');
  await expect(badge).toHaveText(String(raised));
});

/** Whether a process sends reads to the replica, as its /readyz says. */
async function replicaInRotation(index: NodeIndex): Promise<boolean> {
  const res = await fetch(`${stack.nodeUrl(index)}/readyz`);
  const body = (await res.json()) as { replicas?: { inRotation: boolean }[] };
  return body.replicas?.[0]?.inRotation ?? false;
}

test('members on three processes post, like and chat live across them; a process dies, then the replica stops, and nothing acknowledged is lost', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const [a, b, c] = [
    await signedInContext(browser, BALANCER_URL),
    await signedInContext(browser, BALANCER_URL),
    await signedInContext(browser, BALANCER_URL),
  ] as [SignedIn, SignedIn, SignedIn];
  await befriendThroughApi(a, b);
  await befriendThroughApi(a, c);
  await befriendThroughApi(b, c);
  // Each member's commands go to a process of their own while it lives, so what the others see
  // was pushed by a process that did not run the command; nginx spreads the sockets.
  const home: Record<string, NodeIndex | null> = { [a.id]: 0, [b.id]: 1, [c.id]: 2 };
  const url = (who: SignedIn, path: string) => {
    const node = home[who.id];
    return node === null ? path : `${stack.nodeUrl(node!)}${path}`;
  };

  const acknowledged = { posts: new Map<string, Set<string>>(), messages: [] as string[] };
  async function publish(author: SignedIn, title: string): Promise<string> {
    const res = await author.page.request.post(url(author, '/api/posts'), {
      data: { title, content: `${title}, across the nodes.`, status: 'published' },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    acknowledged.posts.set(id, new Set());
    return id;
  }
  async function like(member: SignedIn, postId: string): Promise<void> {
    const res = await member.page.request.post(url(member, `/api/posts/${postId}/like`));
    expect(res.status()).toBe(200);
    acknowledged.posts.get(postId)!.add(member.id);
  }
  const conversations = new Map<string, string>();
  async function message(from: SignedIn, to: SignedIn, content: string): Promise<void> {
    const key = [from.id, to.id].sort().join(':');
    if (!conversations.has(key)) {
      const started = await from.page.request.post(url(from, '/api/conversations'), {
        data: { participantId: to.id },
      });
      expect(started.status()).toBeLessThan(300);
      conversations.set(key, ((await started.json()) as { id: string }).id);
    }
    const sent = await from.page.request.post(
      url(from, `/api/conversations/${conversations.get(key)}/messages`),
      { data: { content } },
    );
    expect(sent.status()).toBe(201);
    acknowledged.messages.push(content);
  }
  const likeCount = (reader: SignedIn, postId: string) =>
    reader.page
      .locator(`[data-testid="post-card"][data-post-id="${postId}"]`)
      .getByTestId('post-like-count');
  /**
   * A new post reaches a friend's open feed as the "new posts" signal, then as its card; a feed
   * whose socket reconnected meanwhile reads its first page again and shows the card at once.
   */
  async function seesNewPost(reader: SignedIn, postId: string): Promise<void> {
    const pill = reader.page.getByTestId('new-posts-pill');
    const card = reader.page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await expect(pill.or(card).first()).toBeVisible({ timeout: RECONNECT_WINDOW_MS });
    if (await pill.isVisible()) await pill.click();
    await expect(card).toBeVisible();
  }

  async function round(name: string, [author, liker, other]: [SignedIn, SignedIn, SignedIn]) {
    const postId = await publish(author, `${name} by ${author.member.username}`);
    await seesNewPost(liker, postId);
    await seesNewPost(other, postId);
    await like(liker, postId);
    await expect(likeCount(other, postId)).toHaveText('1', { timeout: RECONNECT_WINDOW_MS });
    await like(other, postId);
    await expect(likeCount(liker, postId)).toHaveText('2', { timeout: RECONNECT_WINDOW_MS });
    const before = await badgeValue(author.page, 'badge-messages');
    await message(other, author, `${name}: did you see the likes?`);
    await expect
      .poll(() => badgeValue(author.page, 'badge-messages'), { timeout: RECONNECT_WINDOW_MS })
      .toBeGreaterThan(before);
  }

  for (const index of [0, 1, 2] as const) {
    await expect.poll(() => replicaInRotation(index)).toBe(true);
  }
  await round('All three up', [a, b, c]);

  // Process 1 dies with its sockets: its members reconnect through nginx to another, and A's
  // commands now go through nginx too.
  await stack.killNode(0);
  home[a.id] = null;
  await round('One process down', [b, c, a]);

  // Then the replica: reads move to the primary with no error to anyone.
  await stack.stopReplica();
  await round('Replica down', [c, a, b]);
  for (const index of [1, 2] as const) expect(await replicaInRotation(index)).toBe(false);

  // Nothing acknowledged was lost, and every badge equals what REST says.
  for (const [postId, likers] of acknowledged.posts) {
    const res = await a.page.request.get(`/api/posts/${postId}`);
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { likes: number }).likes).toBe(likers.size);
  }
  const delivered: string[] = [];
  for (const conversationId of conversations.values()) {
    for (const member of [a, b, c]) {
      const res = await member.page.request.get(`/api/conversations/${conversationId}/messages`);
      if (res.status() !== 200) continue;
      const page = (await res.json()) as { messages: { content: string }[] };
      delivered.push(...page.messages.map((m) => m.content));
      break;
    }
  }
  expect(new Set(delivered)).toEqual(new Set(acknowledged.messages));
  for (const member of [a, b, c]) await expectBadgesMatchServer(member.page);
});
