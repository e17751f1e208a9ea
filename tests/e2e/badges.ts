import { expect, type Page } from '@playwright/test';

/** A top-menu badge's number; a badge at zero is not drawn. */
export async function badgeValue(page: Page, testId: string): Promise<number> {
  const badge = page.getByTestId(testId);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** The top-menu badges equal what the server says, once any push in flight has landed. */
export async function expectBadgesMatchServer(page: Page): Promise<void> {
  const server = (await (await page.request.get('/api/me/badges')).json()) as {
    notifications: number;
    messages: number;
  };
  await expect.poll(() => badgeValue(page, 'badge-notifications')).toBe(server.notifications);
  await expect.poll(() => badgeValue(page, 'badge-messages')).toBe(server.messages);
}
