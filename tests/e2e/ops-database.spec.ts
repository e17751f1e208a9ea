import { expect, test } from '@playwright/test';
import { signInNewOperator } from './support';

test('the monitoring console’s Database tab says when no read replica is configured', async ({
  page,
}) => {
  await signInNewOperator(page, '/monitoring-demo');
  await page.getByRole('tab', { name: 'Database' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Database' })).toContainText(
    'No replicas configured',
  );
});
