import { expect, test, type Page } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

const card = (page: Page, title: string) =>
  page.getByTestId('event-card').filter({ has: page.getByRole('heading', { name: title }) });

test('an event fills to capacity across two members, and both buttons read Event Full', async ({
  browser,
  baseURL,
}) => {
  const first = await signedInContext(browser, baseURL!);
  const second = await signedInContext(browser, baseURL!);
  const title = `Two seats ${Date.now()}`;
  for (const { page } of [first, second]) {
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  }

  // The first member creates a 2-seat event through the dialog; the form refuses a blank one.
  await first.page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = first.page.getByTestId('create-event-dialog');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Time').fill('18:00');
  await dialog.getByLabel('Location').fill('The library');
  await dialog.getByLabel('Capacity').fill('2');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();

  // The second member's open list hears of the new event without a reload.
  const firstCard = card(first.page, title);
  const secondCard = card(second.page, title);
  await expect(secondCard).toBeVisible();
  await expect(firstCard.getByTestId('event-attendees')).toHaveText('0 / 2 attending');

  await firstCard.getByRole('button', { name: 'Join Event' }).click();
  await expect(firstCard.getByTestId('event-attendees')).toHaveText('1 / 2 attending');
  await expect(secondCard.getByTestId('event-attendees')).toHaveText('1 / 2 attending');

  await secondCard.getByRole('button', { name: 'Join Event' }).click();
  for (const each of [firstCard, secondCard]) {
    await expect(each.getByTestId('event-attendees')).toHaveText('2 / 2 attending');
    const button = each.getByTestId('rsvp-button');
    await expect(button).toHaveText('Event Full');
    await expect(button).toBeDisabled();
  }
});
