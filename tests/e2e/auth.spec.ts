import { expect, test } from '@playwright/test';
import {
  authErrorMessages,
  authSuccessMessages,
  validationMessages as m,
} from '../../shared/auth/messages';
import {
  holdRequests,
  latestResetUrl,
  newMember,
  registerThroughApi,
  signInThroughForm,
} from './support';

test.describe('accounts', () => {
  test('sign up lands on /onboarding, then signing out asks first and returns to /login', async ({
    page,
  }) => {
    const member = newMember();
    await page.goto('/create-account');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm Password').fill(member.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Account created successfully!')).toBeVisible();

    await page.goto('/friends');
    await expect(page.getByTestId('user-card')).toContainText(member.username);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const session = await page.request.get('/api/auth/session');
    expect(await session.json()).toEqual({ isAuthenticated: false });
  });

  test('a visitor sent to /login returns to the page they asked for after signing in', async ({
    page,
  }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, member);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/messages$/);
  });

  test('a signed-in member opening /login or /create-account is sent to /', async ({ page }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    await page.goto('/login');
    await signInThroughForm(page, member);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/create-account');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('every sign-up validation message, cleared when its field is edited', async ({ page }) => {
    await page.goto('/create-account');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect(page.getByText(m.usernameRequired)).toBeVisible();
    await expect(page.getByText(m.emailRequired)).toBeVisible();
    await expect(page.getByText(m.passwordRequired)).toBeVisible();
    await expect(page.getByText(m.confirmRequired)).toBeVisible();

    await page.getByLabel('Username').fill('ab');
    await expect(page.getByText(m.usernameRequired)).toBeHidden();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await submit.click();
    await expect(page.getByText(m.usernameTooShort)).toBeVisible();
    await expect(page.getByText(m.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(m.passwordTooShort)).toBeVisible();

    await page.getByLabel('Username').fill('bad name!');
    await page.getByLabel('Password', { exact: true }).fill('alllowercase1');
    await submit.click();
    await expect(page.getByText(m.usernameCharacters)).toBeVisible();
    await expect(page.getByText(m.passwordComplexity)).toBeVisible();

    await page.getByLabel('Username').fill('good_name');
    await page.getByLabel('Email').fill('good@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret124');
    await submit.click();
    await expect(page.getByText(m.passwordsDoNotMatch)).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Secret123');
    await expect(page.getByText(m.passwordsDoNotMatch)).toBeHidden();
  });

  test('sign-up with a taken email shows the spec message in the field, an alert and a toast', async ({
    page,
  }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    await page.goto('/create-account');
    await page.getByLabel('Username').fill(`${member.username}_2`);
    await page.getByLabel('Email').fill(member.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const message = authErrorMessages['email-already-in-use'];
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('while signing in the form is disabled; then the toast shows top-right with a close button', async ({
    page,
  }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    const release = await holdRequests(page, '**/api/auth/sign-in');
    await page.goto('/login');
    await signInThroughForm(page, member);
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    release();

    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster).toHaveAttribute('data-y-position', 'top');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful!' });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toBeHidden();
  });

  test('every sign-in validation message and the server errors', async ({ page }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Sign In' });
    await submit.click();
    await expect(page.getByText(m.emailRequired)).toBeVisible();
    await expect(page.getByText(m.passwordRequired)).toBeVisible();

    await page.getByLabel('Email').fill('nope');
    await expect(page.getByText(m.emailRequired)).toBeHidden();
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await submit.click();
    await expect(page.getByText(m.emailInvalid, { exact: true })).toBeVisible();

    await page.getByLabel('Email').fill('nobody@example.com');
    await submit.click();
    await expect(page.getByText(authErrorMessages['user-not-found']).first()).toBeVisible();

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await submit.click();
    await expect(page.getByText(authErrorMessages['wrong-password']).first()).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('forgot password needs an email first, then sends the reset email', async ({ page }) => {
    const member = newMember();
    await registerThroughApi(page.request, member);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText(m.forgotPasswordEmailFirst)).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(
      page.getByText('Password reset email sent! Check your inbox.').first(),
    ).toBeVisible();

    // The link of the queued email sets a new password once.
    const resetUrl = await latestResetUrl(member.email);
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByLabel('New Password').fill('Changed456');
    await page.getByLabel('Confirm Password').fill('Changed456');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(authSuccessMessages.passwordChanged)).toBeVisible();
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await signInThroughForm(page, { ...member, password: 'Changed456' });
    await expect(page).toHaveURL(/\/$/);

    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByLabel('New Password').fill('Again7890');
    await page.getByLabel('Confirm Password').fill('Again7890');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: authErrorMessages['invalid-reset-token'] }),
    ).toBeVisible();
  });
});

test.describe('the visitor pages before their scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('are drawn by the document alone, their fields waiting for the app, their links working', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In · Agora');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/create-account$/);
    await expect(page).toHaveTitle('Create Account · Agora');
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });
});
