import { expect, test } from '@playwright/test';
import { signInNewOperator } from './support';

test.afterEach(async ({ request }) => {
  // The cap is a database setting: leave the database as other specs expect it.
  await request.post('/api/test/backups/rate-limit', { data: { eventsPerSecond: 0 } });
});

test('an operator starts a backup and watches it progress and complete without reload', async ({
  page,
}) => {
  // Enough events, read at a capped rate, for a backup that runs a few seconds.
  const seeded = await page.request.post('/api/test/backups/seed-events', {
    data: { count: 20_000 },
  });
  expect(seeded.status()).toBe(201);
  const capped = await page.request.post('/api/test/backups/rate-limit', {
    data: { eventsPerSecond: 5000 },
  });
  expect(capped.status()).toBe(204);

  await signInNewOperator(page, '/backup-demo');
  await expect(page.getByRole('heading', { name: 'Backup and Recovery' })).toBeVisible();

  const start = page.getByRole('button', { name: 'Start Full Backup' });
  await expect(start).toBeEnabled();
  await start.click();

  const row = page.getByTestId('backup-row').first();
  const bar = row.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(start).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start Incremental Backup' })).toBeDisabled();
  // The bar moves: a value between the start and the end shows up while it runs.
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const midway = Number(await bar.getAttribute('aria-valuenow'));
  expect(midway).toBeLessThan(100);

  await expect(row.getByTestId('backup-status')).toHaveText('completed', { timeout: 20_000 });
  await expect(bar).toBeHidden();
  await expect(start).toBeEnabled();
  await expect(row.getByRole('button', { name: /^Restore the full backup/ })).toBeEnabled();

  // Its file lives in the shared data directory: remove it through the confirmation dialog.
  await row.getByRole('button', { name: /^Delete the full backup/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('backup-row')).toHaveCount(0);
});
