import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { closeOpenedContexts, signedInContext } from './members';
import { holdRequests } from './support';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/media');

test.afterEach(closeOpenedContexts);

async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('connection-status')).toHaveText('Healthy');
}

/** A photo big enough that the transforms below have something to shrink. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .toBuffer();

/**
 * Chooses a file in the widget and uploads it, holding the request at the network until the
 * row's progress bar has been seen: on a local server an upload is otherwise over too soon to
 * watch.
 */
async function uploadThroughWidget(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const widget = page.getByRole('region', { name: 'Upload files' });
  await widget.locator('input[type="file"]').setInputFiles(file);
  const row = page
    .getByRole('list', { name: 'Chosen files' })
    .getByRole('listitem')
    .filter({ hasText: file.name });
  await expect(row).toContainText('Ready to upload');
  await expect(row.getByRole('switch', { name: 'Public' })).not.toBeChecked();

  const release = await holdRequests(page, '**/api/upload/**');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: `Uploading ${file.name}` });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  release();
  await expect(progress).toBeHidden();
  await expect(row).toContainText('Uploaded');
  await expect(page.getByText(`File "${file.name}" uploaded successfully!`)).toBeVisible();
  await page.unrouteAll();
}

const card = (page: Page, name: string) =>
  page.getByTestId('media-card').filter({ has: page.getByText(name, { exact: true }) });

test('a member uploads, organises and plays media; others read it only once it is public', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInContext(browser, baseURL!);
  const { page } = owner;

  // Images: upload through the widget, and the card joins the grid at once.
  await openLive(page, '/images');
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
  await expect(page.getByTestId('library-empty')).toHaveText(/No images yet/);
  await uploadThroughWidget(page, {
    name: 'sunset.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  const image = card(page, 'sunset.jpg');
  await expect(image).toBeVisible();
  const thumbnail = image.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /w=300&h=300&f=webp&q=80/);
  await expect(thumbnail).toHaveAttribute('srcset', /w=320&f=webp 320w, .*w=1920&f=webp 1920w/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // Share copies the file's URL.
  await image.getByRole('button', { name: 'Share sunset.jpg' }).click();
  await expect(page.getByText('Image URL copied to clipboard!')).toBeVisible();
  const imageKey = await image.getAttribute('data-key');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/cdn/${imageKey}`);

  // Star it: it shows under Starred.
  const star = image.getByRole('button', { name: 'Star sunset.jpg' });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Starred' }).click();
  await expect(card(page, 'sunset.jpg')).toBeVisible();

  // Select it by its picture and download the selection as one zip.
  await card(page, 'sunset.jpg').getByRole('button', { name: 'Select sunset.jpg' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Selected images' });
  await expect(toolbar).toContainText('1 image selected');
  const download = page.waitForEvent('download');
  await toolbar.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);

  // Archive it: it leaves Starred and All and waits under Archived.
  await card(page, 'sunset.jpg').getByRole('button', { name: 'Archive sunset.jpg' }).click();
  await expect(page.getByText('"sunset.jpg" archived')).toBeVisible();
  await expect(card(page, 'sunset.jpg')).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(card(page, 'sunset.jpg')).toBeVisible();
  await expect(page).toHaveURL(/\/images\?tab=archived$/);

  // Bring it back with the bulk bar, for the CDN Features tab below.
  await card(page, 'sunset.jpg').getByRole('button', { name: 'Select sunset.jpg' }).click();
  await page
    .getByRole('toolbar', { name: 'Selected images' })
    .getByRole('button', { name: 'Unarchive' })
    .click();
  await expect(page.getByText('1 image restored from the archive')).toBeVisible();
  await expect(page.getByTestId('library-empty')).toHaveText(/No archived images/);

  // Videos: upload the clip, then play it while a second tab watches the count.
  await openLive(page, '/videos');
  await uploadThroughWidget(page, {
    name: 'clip.webm',
    mimeType: 'video/webm',
    buffer: readFileSync(path.join(FIXTURES, 'clip.webm')),
  });
  const video = card(page, 'clip.webm');
  await expect(video.getByTestId('video-views')).toHaveText('0 views');
  const videoKey = await video.getAttribute('data-key');

  const otherTab = await owner.context.newPage();
  await openLive(otherTab, '/videos');
  await expect(card(otherTab, 'clip.webm').getByTestId('video-views')).toHaveText('0 views');

  await video.getByRole('button', { name: 'Play clip.webm' }).click();
  const player = page.getByRole('dialog', { name: 'clip.webm' });
  await expect(player).toBeVisible();
  await expect(player.getByTestId('player-views')).toHaveText('1 view');
  await expect(card(otherTab, 'clip.webm').getByTestId('video-views')).toHaveText('1 view');
  await page.keyboard.press('Escape');
  await expect(player).toBeHidden();
  await expect(video.getByTestId('video-views')).toHaveText('1 view');

  // Another member cannot read the private files by key, by the CDN or the API.
  const other = await signedInContext(browser, baseURL!);
  for (const key of [imageKey, videoKey]) {
    expect((await other.page.request.get(`/cdn/${key}`)).status()).toBe(404);
    expect((await other.page.request.get(`/api/files/${key}/info`)).status()).toBe(404);
  }

  // The owner makes the video public in My Files; now the other member can read it.
  await page.goto('/file-upload-demo?tab=files');
  await expect(page.getByTestId('storage-usage')).toContainText('2 files');
  const publicSwitch = page.getByRole('switch', { name: 'Public: clip.webm' });
  await expect(publicSwitch).not.toBeChecked();
  await publicSwitch.click();
  await expect(publicSwitch).toBeChecked();
  await expect(page.getByText('"clip.webm" is now public')).toBeVisible();
  const readable = await other.page.request.get(`/cdn/${videoKey}`);
  expect(readable.status()).toBe(200);
  expect(readable.headers()['content-type']).toBe('video/webm');
  expect((await other.page.request.get(`/cdn/${imageKey}`)).status()).toBe(404);

  // CDN Features: the transform URL is built live and the CDN answers with that size.
  await page.getByRole('tab', { name: 'CDN Features' }).click();
  await expect(page.getByTestId('cdn-health')).toHaveText(/^(healthy|degraded)$/);
  await expect(page.getByTestId('cdn-url')).toContainText(`/cdn/${imageKey}`);
  await expect(page.getByTestId('cdn-url')).toContainText('w=640&q=85&f=webp');
  await expect(page.getByTestId('preview-size')).toHaveText('Result: 640 × 427 px');
  await page.getByLabel('Format').selectOption('png');
  await page.getByLabel('Rotate').selectOption('90');
  await expect(page.getByTestId('cdn-url')).toContainText('w=640&f=png&rotate=90');
  await expect(page.getByTestId('preview-size')).toHaveText('Result: 640 × 960 px');
});
