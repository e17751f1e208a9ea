import { expect, test, type BrowserContext } from '@playwright/test';
import { newTestContext } from './contexts';
import { newMember, registerThroughApi, signInNewOperator, signInThroughApi } from './support';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

test('an operator sends a test email and watches it leave the queue live', async ({
  browser,
  baseURL,
}) => {
  const context = await newTestContext(browser, { baseURL });
  opened.push(context);
  const page = await context.newPage();
  const { userId: id } = await signInNewOperator(page, '/email-demo');
  await expect(page.getByTestId('email-count-sent')).toBeVisible();
  const sentBefore = Number(
    await page.getByTestId('email-count-sent').locator('p').last().textContent(),
  );

  await page.getByRole('tab', { name: 'Test Emails' }).click();
  const send = page.getByRole('button', { name: 'Send Test Email' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Recipient', { exact: true }).fill(`e2e-${id}@example.com`);
  await expect(send).toBeDisabled();
  await page.getByLabel('Template', { exact: true }).selectOption('Security Alert');
  await page.getByLabel('alertMessage').fill('A new sign-in from the e2e test');
  await page.getByLabel('accountUrl').fill('http://localhost/settings');
  await page.getByLabel('Priority', { exact: true }).selectOption('high');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Email queued successfully')).toBeVisible();

  // The worker delivers it to the local capture; the counts follow the socket, no reload.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect
    .poll(async () =>
      Number(await page.getByTestId('email-count-sent').locator('p').last().textContent()),
    )
    .toBeGreaterThan(sentBefore);
  await expect(page.getByText(`to e2e-${id}@example.com`)).toBeVisible();

  await page.getByRole('tab', { name: 'Queue Status' }).click();
  await expect(page.getByTestId('email-row').first()).toContainText(`e2e-${id}@example.com`);
});

test('a member is refused the Email Service page and its API', async ({ browser, baseURL }) => {
  const context = await newTestContext(browser, { baseURL });
  opened.push(context);
  const page = await context.newPage();
  const member = newMember();
  await registerThroughApi(page.request, member);
  await signInThroughApi(page.request, member);
  await page.goto('/email-demo');
  await expect(page.getByText('This needs an owner account.')).toBeVisible();
  expect((await page.request.get('/api/email/queue')).status()).toBe(403);
});
