import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newTestContext } from './contexts';
import { newMember, registerThroughApi, signInThroughApi } from './support';

/** Contexts this spec opened, with camera and microphone granted; closed after each test. */
const contexts: { close(): Promise<void> }[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface Caller {
  page: Page;
  id: string;
  displayName: string;
}

/** A new member in a context of their own with fake media devices; on `path` unless null. */
async function member(browser: Browser, baseURL: string, path: string | null = '/') {
  const context = await newTestContext(browser, { baseURL, permissions: ['camera', 'microphone'] });
  contexts.push(context);
  const page = await context.newPage();
  const details = newMember();
  const id = await registerThroughApi(page.request, details);
  await signInThroughApi(page.request, details);
  if (path !== null) {
    await page.goto(path);
    await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
  }
  return { page, id, displayName: details.username } satisfies Caller;
}

/** A's conversation with B, opened on A's page; answers its id. */
async function openConversation(a: Caller, b: Caller): Promise<string> {
  const res = await a.page.request.post('/api/conversations', { data: { participantId: b.id } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await a.page.goto(`/messages?conversation=${id}`);
  await expect(a.page.getByRole('button', { name: /^Video call / })).toBeVisible();
  return id;
}

/** Serious or critical WCAG 2.2 A/AA violations inside `selector`, by rule. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include(selector)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** The remote stream plays: video frames are decoding, or an audio track is live. */
async function remotePlays(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((element) => {
    const media = element as HTMLMediaElement;
    const stream = media.srcObject as MediaStream | null;
    const liveAudio = stream?.getAudioTracks().some((track) => track.readyState === 'live');
    if (media instanceof HTMLVideoElement) return !media.paused && media.readyState >= 2;
    return Boolean(liveAudio);
  });
}

test('A calls B with video, B accepts, both connect and see each other; A hangs up and the thread shows the call', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL!);
  const b = await member(browser, baseURL!);
  await openConversation(a, b);

  await a.page.getByTestId('start-video-call').click();
  const panelA = a.page.getByTestId('call-panel');
  await expect(panelA).toHaveAttribute('data-call-state', 'ringing');

  const incoming = b.page.getByRole('dialog', { name: /Incoming video call/ });
  await expect(incoming).toBeVisible();
  await expect(incoming).toContainText(`${a.displayName} is calling you`);
  await expect(incoming.getByRole('button', { name: 'Accept' })).toBeFocused();
  expect(await violationsIn(b.page, '[data-testid="incoming-call"]')).toEqual([]);
  await incoming.getByRole('button', { name: 'Accept' }).click();

  const panelB = b.page.getByTestId('call-panel');
  for (const panel of [panelA, panelB]) {
    await expect(panel).toHaveAttribute('data-connection-state', 'connected', { timeout: 20_000 });
  }
  for (const page of [a.page, b.page]) {
    await expect.poll(() => remotePlays(page, 'call-remote-video'), { timeout: 15_000 }).toBe(true);
  }

  expect(await violationsIn(a.page, '[data-testid="call-panel"]')).toEqual([]);

  // Mute and camera toggles say what they are.
  await panelA.getByTestId('call-mute').click();
  await expect(panelA.getByTestId('call-mute')).toHaveAttribute('aria-pressed', 'true');
  await panelA.getByTestId('call-camera').click();
  await expect(panelA.getByTestId('call-camera')).toHaveAttribute('aria-pressed', 'true');

  // A second has passed on the clock the duration is counted by.
  await expect(panelA.getByTestId('call-status')).toHaveText(/^(?!0:00$)\d+:\d\d$/, {
    timeout: 10_000,
  });
  await panelA.getByTestId('call-hang-up').click();
  await expect(panelA).toHaveCount(0);
  await expect(panelB).toHaveCount(0);

  const entry = a.page.getByTestId('call-entry');
  await expect(entry).toHaveAttribute('data-call-outcome', 'completed');
  await expect(entry).toContainText(/Video call · \d+:\d\d/);
});

test('B declines: A hears it and the thread says "Call declined"', async ({ browser, baseURL }) => {
  const a = await member(browser, baseURL!);
  const b = await member(browser, baseURL!);
  await openConversation(a, b);

  await a.page.getByTestId('start-voice-call').click();
  const incoming = b.page.getByRole('dialog', { name: /Incoming voice call/ });
  await expect(incoming).toBeVisible();
  // Escape declines, as the Decline button does.
  await b.page.keyboard.press('Escape');
  await expect(incoming).toHaveCount(0);

  await expect(a.page.getByTestId('call-panel')).toHaveCount(0);
  await expect(a.page.getByTestId('call-entry')).toHaveText(/Call declined/);
});

test('B is offline: the call rings out, and B finds a missed call in the thread and the notifications', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL!);
  const b = await member(browser, baseURL!, null);
  const conversationId = await openConversation(a, b);

  await a.page.getByTestId('start-voice-call').click();
  await expect(a.page.getByTestId('call-panel')).toHaveAttribute('data-call-state', 'ringing');
  // The e2e servers ring for 8 s (CALL_RING_TIMEOUT_MS in global-setup.ts).
  await expect(a.page.getByTestId('call-panel')).toHaveCount(0, { timeout: 20_000 });
  await expect(a.page.getByTestId('call-entry')).toHaveText(/Missed call/);

  await b.page.goto('/notifications');
  const notification = b.page.getByTestId('notification-item').first();
  await expect(notification).toContainText(`Missed call from ${a.displayName}`);
  await b.page.goto(`/messages?conversation=${conversationId}`);
  await expect(b.page.getByTestId('call-entry')).toHaveAttribute('data-call-outcome', 'missed');
});
