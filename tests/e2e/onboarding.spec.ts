import { expect, test, type Page } from '@playwright/test';
import { onboardingMessages } from '../../shared/onboarding';
import { holdRequests, newMember, registerThroughApi } from './support';

const progressOf = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });
const stepTitle = (page: Page) => page.locator('#onboarding-step-title');

test.describe('onboarding', () => {
  test('sign up, choose, go through the wizard in two tabs, skip an optional step, land on /profile', async ({
    page,
    context,
    request,
  }) => {
    // The database's first account is its owner; this one must be a regular member even when
    // the spec runs alone.
    await registerThroughApi(request, newMember());
    const member = newMember();
    await page.goto('/create-account');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm Password').fill(member.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);

    // Owner Account is open only to an owner.
    await expect(page.getByRole('radio', { name: /Owner Account/ })).toBeDisabled();
    await expect(page.getByText(onboardingMessages.ownerOnly)).toBeVisible();
    await page.getByRole('radio', { name: /Regular User/ }).check({ force: true });
    await page.getByLabel('How will you use Agora?').selectOption('personal');
    await page.getByLabel('Primary goal').selectOption('learning');
    await page.getByRole('button', { name: 'Start onboarding' }).click();

    await expect(stepTitle(page)).toHaveText('Welcome to Agora');
    await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '0');
    const steps = page.getByRole('list', { name: 'Onboarding steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);

    // A second tab of the same member follows the progress live.
    const second = await context.newPage();
    await second.goto('/onboarding');
    await expect(stepTitle(second)).toHaveText('Welcome to Agora');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepTitle(page)).toHaveText('Profile basics');
    await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '20');
    await expect(progressOf(second)).toHaveAttribute('aria-valuenow', '20');
    await expect(stepTitle(second)).toHaveText('Profile basics');

    // The required step has no Skip; Back returns to the first step, Next comes back.
    await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepTitle(page)).toHaveText('Welcome to Agora');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepTitle(page)).toHaveText('Profile basics');

    await page.getByLabel('Display name').fill('Onboarded Member');
    await page.getByLabel('Bio').fill('Here to learn.');
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByLabel('Job title').fill('Engineer');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepTitle(page)).toHaveText('Add a profile photo');
    await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '40');

    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(stepTitle(page)).toHaveText('Secure your account');
    await expect(progressOf(page)).toHaveAttribute('aria-valuenow', '60');
    await expect(progressOf(second)).toHaveAttribute('aria-valuenow', '60');
    await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/password-rotation',
    );

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepTitle(page)).toHaveText('Find people');
    await page.getByRole('button', { name: 'Complete' }).click();

    await expect(page.getByText(onboardingMessages.completed)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    // The other tab leaves the finished wizard too, and /onboarding now sends on to /profile.
    await expect(second).toHaveURL(/\/profile$/);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('while its code is fetched after sign-up, /onboarding shows its skeleton, not a blank page', async ({
    page,
    request,
  }) => {
    await registerThroughApi(request, newMember());
    const member = newMember();
    // The page's chunk is held until the skeleton has been seen: a slow network, made certain.
    const release = await holdRequests(page, /\/assets\/OnboardingPage-[\w-]+\.js$/);
    await page.goto('/create-account');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm Password').fill(member.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId('route-skeleton')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Start onboarding' })).toBeVisible();
    await expect(page.getByTestId('route-skeleton')).toHaveCount(0);
  });

  test('a visitor opening /onboarding is sent to /login', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/login$/);
  });
});
