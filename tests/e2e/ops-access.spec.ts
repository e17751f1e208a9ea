import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { newTestContext } from './contexts';
import { OWNER_ONLY_MESSAGE } from '../../shared/ops/realtime';
import { newMember, signInNewOperator, signInThroughApi, type Member } from './support';

const OPERATOR_PAGES = ['/monitoring-demo', '/email-demo', '/backup-demo'];

/** Every owner-only operator API, with a body that would be valid for an owner where it takes one. */
function operatorApis(): {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  data?: object;
}[] {
  const id = randomUUID();
  return [
    { method: 'GET', path: '/api/monitoring/events' },
    { method: 'GET', path: '/api/monitoring/metrics' },
    { method: 'GET', path: '/api/monitoring/alerts' },
    {
      method: 'POST',
      path: '/api/monitoring/alerts',
      data: { title: 'Disk', message: 'Disk almost full', severity: 'high' },
    },
    { method: 'POST', path: `/api/monitoring/alerts/${id}/acknowledge` },
    { method: 'GET', path: '/api/logs' },
    { method: 'GET', path: '/api/logs/export?format=json' },
    {
      method: 'POST',
      path: '/api/email/send',
      data: { to: 'someone@example.com', template: 'Welcome Email', data: {} },
    },
    { method: 'GET', path: '/api/email/queue' },
    { method: 'GET', path: '/api/email/templates' },
    { method: 'PUT', path: '/api/email/templates/Newsletter', data: { subject: 'Hello' } },
    { method: 'GET', path: '/api/backups' },
    { method: 'GET', path: '/api/backups/stats' },
    { method: 'POST', path: '/api/backups', data: { type: 'full' } },
    { method: 'DELETE', path: `/api/backups/${id}` },
    { method: 'POST', path: `/api/backups/${id}/restore`, data: {} },
    { method: 'GET', path: `/api/backups/restores/${id}` },
    { method: 'GET', path: '/api/backups/config' },
    { method: 'PUT', path: '/api/backups/config', data: {} },
  ];
}

/**
 * Signs up accounts until one is a plain member: on a fresh database the first account is the
 * owner, and other spec files may or may not have run before this one. The member stays signed
 * in on the page's context.
 */
async function signUpPlainMember(page: Page): Promise<Member> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const member = newMember();
    const res = await page.request.post('/api/auth/sign-up', { data: member });
    expect(res.status()).toBe(201);
    const { role } = (await res.json()) as { role: string };
    if (role === 'member') return member;
    await page.request.post('/api/auth/sign-out');
  }
  throw new Error('could not sign up a plain member');
}

test('a member is refused every operator page and API', async ({ page, baseURL }) => {
  const member = await signUpPlainMember(page);
  await page.request.post('/api/auth/sign-out');
  await signInThroughApi(page.request, member);

  for (const path of OPERATOR_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: OWNER_ONLY_MESSAGE })).toBeVisible();
  }

  // The browser context's cookies ride on page.request; mutations carry the page's Origin.
  const notRefused: string[] = [];
  for (const { method, path, data } of operatorApis()) {
    const res = await page.request.fetch(path, {
      method,
      data,
      headers: method === 'GET' ? {} : { origin: baseURL! },
    });
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (res.status() !== 403 || body?.error?.message !== OWNER_ONLY_MESSAGE) {
      notRefused.push(`${method} ${path} answered ${res.status()} ${JSON.stringify(body)}`);
    }
  }
  // Listed all at once, so a failure names every endpoint that let the member through.
  expect(notRefused).toEqual([]);
});

/** Every extra context a test opened, closed after it whatever its outcome. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

test('an owner watches client logs arrive live and exports them', async ({
  page,
  browser,
  baseURL,
}) => {
  const { userId: operatorId } = await signInNewOperator(page, '/monitoring-demo');
  await page.getByRole('tab', { name: 'Logs' }).click();

  const marker = `e2e-log-${Date.now().toString(36)}`;
  await page.getByLabel('Search', { exact: true }).fill(marker);
  await page.getByLabel('Source').selectOption('client');
  await expect(page.getByText('No log entries match these filters.')).toBeVisible();

  const memberContext = await newTestContext(browser, { baseURL });
  opened.push(memberContext);
  const memberPage = await memberContext.newPage();
  await signUpPlainMember(memberPage);
  const posted = await memberPage.request.post('/api/logs', {
    headers: { origin: baseURL! },
    data: {
      entries: [{ level: 'ERROR', message: `${marker} checkout failed`, data: { cart: 3 } }],
    },
  });
  expect(posted.status()).toBe(201);

  // Arrives through the `logs` push: no reload, and the socket is healthy so nothing polls.
  const row = page.getByTestId('log-entry').filter({ hasText: `${marker} checkout failed` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('ERROR');
  await row.getByRole('button', { name: 'Show details' }).click();
  await expect(row.getByText('"cart": 3')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^agora-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv).toContain(`${marker} checkout failed`);
  expect(csv.trim().split('\r\n')).toHaveLength(2);

  // The viewer logs the export through useLogger: the client's batch reaches the server.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/logs', {
        params: { source: 'client', q: 'Logs exported as CSV', limit: '5' },
      });
      const body = (await res.json()) as { entries: { userId: string; data: unknown }[] };
      return body.entries.find((entry) => entry.userId === operatorId)?.data;
    })
    .toEqual({ filter: { source: 'client', q: marker } });
});
