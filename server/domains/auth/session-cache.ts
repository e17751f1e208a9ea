import type { ActiveSession, SessionFinder } from '../../core/session';
import type { StoredEvent } from '../../eventstore/stored-event';
import { RelayedMap, type RelayedCache } from '../../realtime/relayed-cache';
import { readSessionToken } from './session-cookie';
import { ACTIVITY_RESOLUTION_MS } from './sessions';
import { hashToken } from './tokens';

/** As the other relayed caches: past this without a complete read of the log, ask Postgres. */
const TRUST_MS = 3000;

/**
 * Sessions by token, kept per process for the paths outside the API (`/cdn`), where a request
 * needs only who is asking. A session ends by a command whose event names its member as `userId`
 * (signed out, password changed, disabled, suspended, erased; a role change and a required
 * password rotation too): any event naming a member as `userId` drops that member's sessions here,
 * on every process, through the relay. An expired session is never served, and a cached session
 * is looked up again once its activity is due to be stamped (a minute), so the member's other
 * details are at most that old and their day of activity is still recorded.
 */
export class SessionCache implements RelayedCache {
  readonly name = 'sessions';
  private readonly sessions: RelayedMap<string, ActiveSession>;
  private readonly now: () => number;

  constructor(capacity: number, now: () => number = Date.now) {
    this.now = now;
    this.sessions = new RelayedMap({
      capacity,
      trustMs: TRUST_MS,
      now,
      groupOf: (session) => session.userId,
    });
  }

  /** A finder that answers from the cache, asking `find` for what it does not hold. */
  finder(find: (token: string) => Promise<ActiveSession | null>): SessionFinder {
    return async (cookieHeader) => {
      const token = readSessionToken(cookieHeader);
      if (!token) return null;
      const session = await this.sessions.read(
        hashToken(token),
        async () => (await find(token)) ?? undefined,
        (cached) => this.stillGood(cached),
      );
      return session ?? null;
    };
  }

  private stillGood(session: ActiveSession): boolean {
    const now = this.now();
    // Only cookie sessions are cached, and they always expire; `null` is an API token's.
    const expired = session.expiresAt !== null && session.expiresAt.getTime() <= now;
    return !expired && now - session.lastActivityAt.getTime() <= ACTIVITY_RESOLUTION_MS;
  }

  invalidate(events: readonly StoredEvent[]): void {
    for (const event of events) {
      const { userId } = event.data as { userId?: unknown };
      if (typeof userId === 'string') this.sessions.deleteGroup(userId);
    }
  }

  readThrough(at: number): void {
    this.sessions.readThrough(at);
  }

  clear(): void {
    this.sessions.clear();
  }
}
