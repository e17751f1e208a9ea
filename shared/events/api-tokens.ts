import { z } from 'zod';
import { API_TOKEN_SCOPES } from '../api-tokens/scopes';

/** A member's personal access tokens: each created with its hash, and revoked. */
export const apiTokenEvents = {
  ApiTokenCreated: z.strictObject({
    userId: z.uuid(),
    tokenId: z.uuid(),
    name: z.string().max(100),
    scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1),
    /** The SHA-256 of the secret: the secret itself is never stored. */
    tokenHash: z.string().length(64),
    /** The secret's last four characters, shown in the list. */
    hint: z.string().max(4),
    expiresAt: z.iso.datetime().nullable(),
  }),
  ApiTokenRevoked: z.strictObject({ userId: z.uuid(), tokenId: z.uuid() }),
};
