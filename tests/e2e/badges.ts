import { expect, type Page } from '@playwright/test';

/**
 * A top-menu badge's number; a badge at zero is not drawn. Read in one step: counting first and
 * then asking for the text waits without end when the badge leaves in between.
 */
export async function badgeValue(page: Page, testId: string): Promise<number> {
  const [text] = await page.getByTestId(testId).allTextContents();
  return text === undefined ? 0 : Number(text);
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
