import { z } from 'zod';
import { text } from '../api/text';
import { API_TOKEN_SCOPES, apiTokenMessages as m } from './scopes';

export * from './scopes';

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/** The longest life a member may choose (ten years): the configured maximum is usually lower. */
export const API_TOKEN_DAYS_CEILING = 3650;

export const createApiTokenSchema = z.strictObject({
  name: text({
    error: m.nameRequired,
    max: 100,
    maxMessage: m.nameTooLong,
    trim: true,
    required: m.nameRequired,
  }),
  scopes: z
    .array(apiTokenScopeSchema, { error: m.scopesRequired })
    .min(1, m.scopesRequired)
    .max(API_TOKEN_SCOPES.length)
    // Order and repeats mean nothing: the token keeps each scope once, in the catalogue's order.
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Days until the token stops working; null for a token that never expires (where allowed). */
  expiresInDays: z.number().int().min(1).max(API_TOKEN_DAYS_CEILING).nullable(),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenSchema>;

export const apiTokenIdParamsSchema = z.strictObject({ id: z.uuid() });

export const apiTokenStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiTokenStatus = z.infer<typeof apiTokenStatusSchema>;

/** A token as its member sees it in the list: never the secret, which is shown once. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The prefix and the last four characters, enough to tell tokens apart. */
  preview: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  /** Stamped at most once a minute. */
  lastUsedAt: z.iso.datetime().nullable(),
  status: apiTokenStatusSchema,
  revokedAt: z.iso.datetime().nullable(),
  /** `password-changed`: every token of the member was revoked when their password changed. */
  revokedReason: z.enum(['revoked', 'password-changed']).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenLimitsSchema = z.object({
  /** Active tokens a member may hold at once. */
  maxActive: z.number().int(),
  /** The longest life a token may be given, in days; 0 when a token may never expire. */
  maxDays: z.number().int(),
});
export type ApiTokenLimits = z.infer<typeof apiTokenLimitsSchema>;

export const apiTokenListSchema = z.object({
  tokens: z.array(apiTokenSchema),
  limits: apiTokenLimitsSchema,
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer to a creation: the only time the secret is ever sent. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().startsWith('agora_pat_'),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
