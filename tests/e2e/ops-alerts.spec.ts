import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newTestContext } from './contexts';
import { signInNewOperator, type Member } from './support';

interface Operator {
  page: Page;
  member: Member;
}

/** Every context a test opened, closed after it whatever its outcome. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

/**
 * A new member made owner through the test route (other tests ran first on this database, so
 * ours are not the first account), signed in, on the Alerts tab of the monitoring dashboard.
 */
async function operatorOnAlerts(browser: Browser, baseURL: string): Promise<Operator> {
  const context = await newTestContext(browser, { baseURL });
  opened.push(context);
  const page = await context.newPage();
  const { member } = await signInNewOperator(page, '/monitoring-demo');
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByRole('button', { name: 'Create Alert' })).toBeVisible();
  return { page, member };
}

async function openErrorRateAlertId(page: Page): Promise<string | undefined> {
  const res = await page.request.get('/api/monitoring/alerts');
  const { alerts } = (await res.json()) as {
    alerts: { id: string; rule: string | null; resolved: boolean }[];
  };
  return alerts.find((a) => a.rule === 'error-rate' && !a.resolved)?.id;
}

test('an alert raised by a rule reaches two operators, and one acknowledging shows on the other', async ({
  browser,
  baseURL,
}) => {
  const ana = await operatorOnAlerts(browser, baseURL!);
  const bo = await operatorOnAlerts(browser, baseURL!);

  // Clear any error-rate alert an earlier run left open: a minute ahead, the rate is zero.
  const ahead = new Date(Date.now() + 5 * 60_000).toISOString();
  expect(
    (await ana.page.request.post('/api/test/monitoring/evaluate', { data: { at: ahead } })).ok(),
  ).toBe(true);
  expect(await openErrorRateAlertId(ana.page)).toBeUndefined();

  // More errors within a minute than the threshold (10 by default), then the rules run.
  const errors = Array.from({ length: 20 }, (_, i) => ({
    type: 'error',
    severity: 'high',
    message: `e2e burst error ${i}`,
    metadata: { component: 'ops-alerts.spec' },
  }));
  expect(
    (await ana.page.request.post('/api/monitoring/events', { data: { events: errors } })).status(),
  ).toBe(202);
  expect((await ana.page.request.post('/api/test/monitoring/evaluate')).ok()).toBe(true);
  // The process's own evaluator may have got there first; either way one alert is open.
  const alertId = await openErrorRateAlertId(ana.page);
  expect(alertId).toBeDefined();

  const cardOn = (page: Page) => page.locator(`[data-alert-id="${alertId}"]`);
  for (const { page } of [ana, bo]) {
    await expect(cardOn(page)).toContainText('High error rate');
    await expect(
      cardOn(page).getByRole('button', { name: 'Acknowledge High error rate' }),
    ).toBeEnabled();
  }

  await cardOn(ana.page).getByRole('button', { name: 'Acknowledge High error rate' }).click();

  const byAna = `Acknowledged by ${ana.member.username}`;
  await expect(cardOn(ana.page)).toContainText(byAna);
  await expect(cardOn(bo.page)).toContainText(byAna);
  await expect(cardOn(bo.page).getByRole('button', { name: /Acknowledge/ })).toHaveCount(0);
});

test('Testing Tools check the metric value and report a network error that the dashboard shows', async ({
  browser,
  baseURL,
}) => {
  const { page } = await operatorOnAlerts(browser, baseURL!);
  await page.getByRole('tab', { name: 'Testing Tools' }).click();
  await page.getByLabel('Performance value (ms)').fill('abc');
  await page.getByRole('button', { name: 'Record Metric' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid number for performance value' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Test Network Error' }).click();
  await page.getByRole('tab', { name: 'Monitoring Dashboard' }).click();
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(
    page
      .getByTestId('monitoring-event')
      .filter({ hasText: 'Backend API error: 404 Not Found' })
      .first(),
  ).toBeVisible();
});
