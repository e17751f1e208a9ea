import dumbPasswords from 'dumb-passwords';

/** The spec's minimum length of a new password (001 §5, §9). */
export const PASSWORD_MIN_LENGTH = 12;

const EDGE_NON_LETTERS = /^[^\p{L}]+|[^\p{L}]+$/gu;

/**
 * On the package's list (it lower-cases what it is given, so case-insensitive), as typed or once
 * the digits and symbols around it are taken off: 'Password123!' is 'password' with the other
 * rules' characters stuck on, and no safer for it.
 */
export function isCommonPassword(password: string): boolean {
  const core = password.replace(EDGE_NON_LETTERS, '');
  return dumbPasswords.check(password) || (core.length > 0 && dumbPasswords.check(core));
}

export type PasswordRuleId =
  'length' | 'uppercase' | 'lowercase' | 'digit' | 'special' | 'notCommon' | 'notUsername';

export interface PasswordRule {
  id: PasswordRuleId;
  /** The checklist's line. */
  label: string;
  met(password: string, username: string): boolean;
}

/**
 * The new-password rules of spec 001 §5, in the checklist's order. The server enforces exactly
 * these (the client's checklist and the refusal cannot disagree). Letters count in any script.
 */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    met: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', met: (password) => /\p{Lu}/u.test(password) },
  { id: 'lowercase', label: 'One lowercase letter', met: (password) => /\p{Ll}/u.test(password) },
  { id: 'digit', label: 'One number', met: (password) => /\p{Nd}/u.test(password) },
  {
    id: 'special',
    label: 'One special character',
    met: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
  {
    id: 'notCommon',
    label: 'Not a common password',
    met: (password) => password.length > 0 && !isCommonPassword(password),
  },
  {
    id: 'notUsername',
    label: 'Does not contain your username',
    met: (password, username) =>
      password.length > 0 &&
      (username.length === 0 || !password.toLowerCase().includes(username.toLowerCase())),
  },
];

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** Each rule, met or not, for the live checklist. */
export function checkPasswordRules(password: string, username: string): PasswordRuleResult[] {
  return passwordRules.map(({ id, label, met }) => ({ id, label, met: met(password, username) }));
}

export function meetsPasswordRules(password: string, username: string): boolean {
  return passwordRules.every((rule) => rule.met(password, username));
}
