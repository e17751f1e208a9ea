import { z } from 'zod';
import { badgeCounterSchema } from '../badges';

/**
 * Appended only by tests and by the test-only route (ENABLE_TEST_ROUTES), to move a member's
 * badge counts before the features that really raise them exist.
 */
export const diagnosticEvents = {
  TestCounterAdjusted: z.strictObject({
    userId: z.uuid(),
    counter: badgeCounterSchema,
    delta: z.union([z.literal(1), z.literal(-1)]),
  }),
};
