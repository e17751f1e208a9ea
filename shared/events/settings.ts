import { z } from 'zod';

/** A member's change of email address: requested (link sent to the new address), then confirmed. */
export const settingsEvents = {
  EmailChangeRequested: z.strictObject({
    userId: z.uuid(),
    newEmail: z.string().max(254),
    tokenId: z.uuid(),
    tokenHash: z.string().length(64),
    expiresAt: z.iso.datetime(),
  }),
  EmailChanged: z.strictObject({
    userId: z.uuid(),
    email: z.string().max(254),
    tokenId: z.uuid(),
  }),
};
