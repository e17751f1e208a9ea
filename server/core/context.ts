import type { Request } from 'express';

/**
 * Who asked, and the request it belongs to: the one context every command runs with. Stored on
 * each event's metadata, so the log says who did what and which request did it.
 */
export interface CommandContext {
  /** The member acting; null when the system acts (workers, alert rules, schedules). */
  actorId: string | null;
  requestId?: string;
  /** Groups the commands that one user action caused across requests and workers. */
  correlationId?: string;
}

export const systemContext = (correlationId?: string): CommandContext => ({
  actorId: null,
  ...(correlationId ? { correlationId } : {}),
});

const CORRELATION_ID = /^[\w.-]{1,100}$/;

/** The context of an HTTP request: its signed-in member, its request id and correlation id. */
export function contextOf(req: Request): CommandContext {
  const given = req.headers['x-correlation-id'];
  const correlationId =
    typeof given === 'string' && CORRELATION_ID.test(given) ? given : String(req.id);
  return {
    actorId: req.session?.userId ?? null,
    requestId: String(req.id),
    correlationId,
  };
}
