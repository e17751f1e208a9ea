import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { closeOpenedContexts, signedInContext } from './members';

test.afterEach(closeOpenedContexts);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Saves from the open tab: 'Saving...' then the banner, which goes after three seconds. */
async function saveTab(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const banner = page.getByText('Business data saved successfully!');
  await expect(banner).toBeVisible();
  await expect(banner).toBeHidden();
}

test('a member fills and saves every tab, and after a reload every tab shows it', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.goto('/business-account');
  await expect(page.getByRole('heading', { name: 'Business Account' })).toBeVisible();
  await expect(page.getByText(/Not created yet/)).toBeVisible();

  await openTab(page, 'Profile');
  await page.getByLabel('Business Name *').fill('Acme Bakery');
  await page.getByLabel('Description').fill('Bread and cakes since 2001');
  await page.getByLabel('Industry').selectOption('retail');
  await page.getByLabel('Founded Year').fill('2001');
  await page.getByLabel('Employee Count').selectOption('11-50');
  await page.getByLabel('Annual Revenue').fill('$1M-$5M');
  await page
    .getByLabel('Logo (256x256)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 200) });
  await expect(page.getByRole('img', { name: 'Business logo' })).toBeVisible();
  await saveTab(page);
  await expect(page.getByRole('heading', { name: 'Acme Bakery' })).toBeVisible();

  await openTab(page, 'Contact');
  const contact: [string, string][] = [
    ['Website', 'https://acme.example'],
    ['Email', 'hello@acme.example'],
    ['Phone', '+1 (555) 010-2030'],
    ['Address', '1 Main Street'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP Code', '62701'],
    ['Country', 'USA'],
  ];
  for (const [label, value] of contact) await page.getByLabel(label, { exact: true }).fill(value);
  await saveTab(page);

  await openTab(page, 'Business Hours');
  await page.getByLabel('Monday closes').fill('18:30');
  await page.getByLabel('Saturday closed').click();
  await page.getByLabel('Sunday closed').click();
  await page.getByLabel('Sunday opens').fill('11:00');
  await page.getByLabel('Sunday closes').fill('14:00');
  await saveTab(page);

  await openTab(page, 'Services');
  const add = async (list: string, value: string) => {
    const field = page.getByRole('textbox', { name: list });
    await field.fill(value);
    await field.press('Enter');
    await expect(page.getByRole('list', { name: list }).getByText(value)).toBeVisible();
  };
  await add('Services', 'Catering');
  await add('Services', 'Wedding cakes');
  await add('Certifications', 'Organic');
  await add('Social Links', 'https://social.example/acme');
  await saveTab(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acme Bakery' })).toBeVisible();
  const overview = page.getByRole('tabpanel');
  await expect(overview.getByText('Retail')).toBeVisible();
  await expect(overview.getByText('2001', { exact: true })).toBeVisible();
  await expect(overview.getByText('11-50')).toBeVisible();
  await expect(overview.getByText('Springfield, IL')).toBeVisible();
  await expect(overview.getByText('2 services')).toBeVisible();

  await openTab(page, 'Profile');
  await expect(page.getByLabel('Business Name *')).toHaveValue('Acme Bakery');
  await expect(page.getByLabel('Description')).toHaveValue('Bread and cakes since 2001');
  await expect(page.getByLabel('Industry')).toHaveValue('retail');
  await expect(page.getByLabel('Founded Year')).toHaveValue('2001');
  await expect(page.getByLabel('Employee Count')).toHaveValue('11-50');
  await expect(page.getByLabel('Annual Revenue')).toHaveValue('$1M-$5M');
  await expect(page.getByRole('img', { name: 'Business logo' })).toHaveAttribute('src', /\/cdn\//);

  await openTab(page, 'Contact');
  for (const [label, value] of contact) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }

  await openTab(page, 'Business Hours');
  await expect(page.getByLabel('Monday closes')).toHaveValue('18:30');
  await expect(page.getByLabel('Saturday opens')).toBeDisabled();
  await expect(page.getByLabel('Sunday opens')).toHaveValue('11:00');
  await expect(page.getByLabel('Sunday closes')).toHaveValue('14:00');
  await expect(page.getByLabel('Sunday closes')).toBeEnabled();

  await openTab(page, 'Services');
  for (const [list, value] of [
    ['Services', 'Catering'],
    ['Services', 'Wedding cakes'],
    ['Certifications', 'Organic'],
    ['Social Links', 'https://social.example/acme'],
  ] as const) {
    await expect(page.getByRole('list', { name: list }).getByText(value)).toBeVisible();
  }

  await openTab(page, 'Settings');
  await page.getByRole('link', { name: 'Download Business Report' }).click();
  await expect(page.getByRole('heading', { name: 'Acme Bakery — Business Report' })).toBeVisible();
  // Monday 09:00-18:30, Tuesday to Friday 8 h each, Saturday closed, Sunday 3 h.
  await expect(page.getByText('44 h 30 min')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeVisible();
});

test('a refused save shows the failure and the field in error', async ({ browser, baseURL }) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.goto('/business-account');
  await openTab(page, 'Profile');
  await page.getByLabel('Business Name *').fill('Acme');
  await openTab(page, 'Contact');
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to save business data. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('a save from a page that missed a change elsewhere is refused, and Reload takes the change', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.goto('/business-account');
  await openTab(page, 'Profile');
  await page.getByLabel('Business Name *').fill('Acme');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business data saved successfully!')).toBeVisible();

  // Another tab saves: the account as GET answers it goes back with a new name.
  const read = await page.request.get('/api/business-account');
  const saved = await page.request.put('/api/business-account', {
    data: { ...(await read.json()), name: 'Acme Elsewhere' },
  });
  expect(saved.status()).toBe(200);

  await page.getByLabel('Business Name *').fill('Acme Here');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('Your business account was changed elsewhere since you opened it.', {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Business Name *')).toHaveValue('Acme Elsewhere');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business data saved successfully!')).toBeVisible();
});

test('creating an organization shows the success screen and lists it', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.goto('/business-account');
  await page.getByRole('link', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Create Organization' })).toBeVisible();
  await page.getByLabel('Organization Name *').fill('Open Source Guild');
  await page.getByLabel('Industry').selectOption('nonprofit');
  await page.getByLabel('Size').selectOption('11-50');
  await page.getByLabel('Founded Year').fill('2010');
  await page.getByLabel('Website').fill('https://guild.example');
  await page
    .getByLabel('Logo (256x256)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 300) });
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Created!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/business-account$/);
  await expect(
    page.getByRole('list', { name: 'Your organizations' }).getByText('Open Source Guild'),
  ).toBeVisible();
});

test('deleting asks first; once confirmed the account is gone and the page starts over', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.goto('/business-account');
  await openTab(page, 'Profile');
  await page.getByLabel('Business Name *').fill('Doomed Deli');
  await saveTab(page);
  await expect(page.getByRole('heading', { name: 'Doomed Deli' })).toBeVisible();

  // Cancelling the confirmation keeps everything.
  await openTab(page, 'Settings');
  await page.getByRole('button', { name: 'Delete Business Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Business Account?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Doomed Deli' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Business Account' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/Not created yet: fill in the Profile tab/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Not created yet: fill in the Profile tab/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Doomed Deli' })).toBeHidden();
  const account = await page.request.get('/api/business-account');
  expect(((await account.json()) as { exists: boolean }).exists).toBe(false);
  expect((await page.request.get('/api/business-account/report')).status()).toBe(404);
});

test('an organization create that fails says so and keeps the form', async ({
  browser,
  baseURL,
}) => {
  const ana = await signedInContext(browser, baseURL!);
  const page = ana.page;
  await page.route('**/api/organizations', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
  );
  await page.goto('/create-organization');
  await page.getByLabel('Organization Name *').fill('Never Founded');
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Failed to create organization. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Organization Name *')).toHaveValue('Never Founded');
});
