import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';
import { signInNewOperator } from './support';

test.afterEach(closeOpenedContexts);

test("a member's analytics count another member's view and like", async ({ browser, baseURL }) => {
  // The reader signs up first: on a fresh database the first account is its owner.
  const reader = await signedInContext(browser, baseURL!);
  const author = await signedInContext(browser, baseURL!);
  const created = await author.page.request.post('/api/posts', {
    data: { title: 'Numbers', content: 'Counted by analytics', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await reader.page.request.post(`/api/posts/${id}/view`)).status()).toBe(204);
  expect((await reader.page.request.post(`/api/posts/${id}/like`)).status()).toBe(200);

  const { page } = author;
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // A member has no site scope; views are written in batches, so the page is reloaded for them.
  await expect(page.getByRole('group', { name: 'Whose figures' })).toHaveCount(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('stat-views-value')).toHaveText('1', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('stat-engagementRate-value')).toHaveText('100%');
  await expect(page.getByTestId('stat-engagements')).toContainText('1 like, 0 comments, 0 shares');

  const views = page.getByTestId('analytics-chart-views');
  await views.getByText('Show as a table').click();
  await expect(views.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Twelve months, one row each under the header.
  const yearViews = page.getByTestId('analytics-chart-views');
  await yearViews.getByText('Show as a table').click();
  await expect(yearViews.getByRole('row')).toHaveCount(13);
});

test("an owner sees the site's four cards", async ({ page }) => {
  await signInNewOperator(page, '/analytics');
  const cards = page.getByTestId('analytics-stats');
  for (const label of ['Total views', 'Active users', 'Engagement rate', 'Revenue']) {
    await expect(cards.getByText(label, { exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'My content' }).click();
  await expect(cards.getByText('Followers gained', { exact: true })).toBeVisible();
});

test('the static pages show their texts, and their buttons lead somewhere', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedInContext(browser, baseURL!, '/business');

  await expect(page.getByRole('heading', { level: 1, name: 'Business Solutions' })).toBeVisible();
  const results = page.getByTestId('roi-results');
  await expect(results).toContainText('$62,500');
  await expect(results).toContainText('1,150%');
  await page.getByLabel('Monthly content budget ($)').fill('10000');
  await expect(results).toContainText('525%');
  await page.getByLabel('Conversion rate (%)').fill('150');
  await expect(page.getByText('Enter a rate from 0 to 100.')).toBeVisible();
  await expect(results).toContainText('Correct the highlighted fields');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/business-account$/);

  await page.goto('/organizational');
  for (const text of ['31%', '6x', '85%']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  for (const step of ['Assess Current State', 'Design Workflow', 'Monitor & Optimize']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/create-organization$/);

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Types of marketplaces' })).toBeVisible();

  await page.goto('/apps');
  await expect(page.getByRole('button', { name: 'Create App' })).toBeDisabled();
  await expect(page.getByText('No apps created')).toBeVisible();
  await expect(page.getByText('Build your first application')).toBeVisible();
});
