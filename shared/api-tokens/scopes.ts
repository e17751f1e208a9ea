/* Texts and constants only, no zod: the HTTP layer and the socket gateway import them. */

/**
 * What a personal access token may do. A request made with a token needs the one scope its route
 * names (`requiredScope` in `server/http/route-spec.ts`); scopes do not imply one another.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'messages', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * Every token starts with this, so secret scanners (and people) recognise one pasted where it
 * should not be.
 */
export const API_TOKEN_PREFIX = 'agora_pat_';

/** What each scope lets a token do, as the settings form and the API reference say it. */
export const apiTokenScopeDescriptions: Record<ApiTokenScope, string> = {
  read: 'Read what you can see: feed, posts, profiles, friends, notifications (GET requests).',
  write: 'Act as you: post, comment, like, follow, change settings (other requests).',
  messages: 'Read and send your private messages.',
  admin: 'Owner routes: members, logs, monitoring, backups, email. Owners only.',
};

export const apiTokenMessages = {
  invalid: 'This API token is not valid.',
  revoked: 'This API token has been revoked.',
  revokedByPasswordChange: 'This API token was revoked when the password was changed.',
  expired: 'This API token has expired.',
  disabled: 'This account is disabled.',
  sessionRequired:
    'API tokens cannot do this: sign in to Agora in a browser to manage your account.',
  insufficientScope: (scope: ApiTokenScope) =>
    `This API token does not have the "${scope}" scope this request needs.`,
  adminOwnersOnly: 'Only owners can give a token the admin scope.',
  limitReached: (max: number) =>
    `You can have at most ${max} active API tokens. Revoke one you no longer use first.`,
  tooLong: (maxDays: number) => `A token can last at most ${maxDays} days.`,
  expiryRequired: (maxDays: number) =>
    `Choose an expiry: a token can last at most ${maxDays} days.`,
  notFound: 'API token not found',
  nameRequired: 'Give the token a name',
  nameTooLong: 'The name can be at most 100 characters',
  scopesRequired: 'Choose at least one scope',
} as const;

/** Revoked tokens stay listed this long, so a member sees why a script stopped working. */
export const REVOKED_TOKENS_SHOWN_DAYS = 30;
/** A token's last use is written at most this often: a read of every request would be a write. */
export const TOKEN_USE_RESOLUTION_MS = 60 * 1000;
