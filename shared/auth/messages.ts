/** Texts of spec 000 §5 (form validation) and §8 (error catalogue), exactly as written there. */
export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  forgotPasswordEmailFirst: 'Please enter your email address first',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 30 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export const authErrorMessages = {
  'user-not-found': 'No account found with this email address.',
  'wrong-password': 'Incorrect password. Please try again.',
  'invalid-email': 'Please enter a valid email address.',
  'too-many-requests': 'Too many failed login attempts. Please try again later.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'login-failed': 'Failed to login. Please try again.',
  'email-already-in-use': 'An account with this email already exists.',
  'username-already-in-use': 'This username is already taken.',
  'weak-password': 'Password is too weak. Please choose a stronger password.',
  'sign-up-failed': 'Failed to create account. Please try again.',
  'reset-failed': 'Failed to send password reset email.',
  'invalid-reset-token': 'This password reset link is invalid or has expired.',
  'reset-confirm-failed': 'Failed to set the new password. Please try again.',
  /** 002 §8, the identity provider's text: the session could not be read, the network aside. */
  'auth-error': 'Authentication error occurred',
} as const;

export type AuthErrorCode = keyof typeof authErrorMessages;

export const authSuccessMessages = {
  login: 'Login successful!',
  signUp: 'Account created successfully!',
  resetSent: 'Password reset email sent! Check your inbox.',
  passwordChanged: 'Your password has been changed. You can now sign in.',
} as const;
