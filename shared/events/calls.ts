import { z } from 'zod';
import { callKindSchema } from '../calls';

const parties = {
  callId: z.uuid(),
  conversationId: z.uuid(),
  callerId: z.uuid(),
  calleeId: z.uuid(),
  kind: callKindSchema,
};

/**
 * Told on the conversation's stream (`conversation-<id>`): a call's end is an entry of the
 * thread, numbered among its messages, so it must meet the messages' writers on one version.
 * The events that end a call carry the parties and kind, so the entry needs nothing else.
 */
export const callEvents = {
  CallStarted: z.strictObject(parties),
  CallAnswered: z.strictObject({
    callId: z.uuid(),
    conversationId: z.uuid(),
    calleeId: z.uuid(),
  }),
  CallDeclined: z.strictObject(parties),
  /** Not answered in time, or given up by the caller while it rang. */
  CallMissed: z.strictObject(parties),
  CallEnded: z.strictObject({
    ...parties,
    /** Who hung up; null when the server ended it (a socket that went away). */
    endedBy: z.uuid().nullable(),
    durationSeconds: z.number().int().nonnegative(),
  }),
};
