import { z } from 'zod';

/**
 * Absolute counts with the version of the read-model row they were read from. A client keeps
 * the values with the highest version it has seen, so duplicate or reordered pushes are harmless.
 */
export const badgesSchema = z.object({
  notifications: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  friendRequests: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
});
export type Badges = z.infer<typeof badgesSchema>;

export const badgeCounterSchema = z.enum(['notifications', 'messages', 'friendRequests']);
export type BadgeCounter = z.infer<typeof badgeCounterSchema>;
