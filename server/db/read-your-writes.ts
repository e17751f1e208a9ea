import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './schema';
import { formatLsn, laterLsn, parseLsn, WAL_HEADER } from '../../shared/wal-position';

interface RequestScope {
  req: Request;
  res: Response;
  /** The position the request brought in its header, or learnt from a commit it made. */
  lsn: bigint | null;
}

/** Members whose last commit this process remembers; past it the oldest are forgotten. */
const MEMBERS_REMEMBERED = 50_000;

/**
 * Read-your-writes with replicas: after a member's command commits, the primary's WAL position is
 * kept for that member in this process and sent back in the `X-Agora-Wal` header, which the web
 * client returns on its next requests (so a member served by another process still reads their
 * writes). The read router asks `required()` for the position the current request's reads must
 * see.
 */
export class ReadYourWrites {
  private readonly scopes = new AsyncLocalStorage<RequestScope>();
  private readonly members = new Map<string, bigint>();

  constructor(
    private readonly primary: Db,
    private readonly logger: Logger,
  ) {}

  /** Runs the rest of an API request in a scope that knows its member's last commit. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const header = req.headers[WAL_HEADER];
      const scope = { req, res, lsn: parseLsn(typeof header === 'string' ? header : null) };
      this.scopes.run(scope, next);
    };
  }

  required(): bigint | null {
    const scope = this.scopes.getStore();
    if (!scope) return null;
    const member = scope.req.session?.userId;
    return laterLsn(scope.lsn, member ? (this.members.get(member) ?? null) : null);
  }

  /**
   * After a command committed inside a request: the primary's WAL position now is at or past the
   * commit. The query shares a round trip with whatever else the pool sends at that moment.
   */
  async committed(): Promise<void> {
    const scope = this.scopes.getStore();
    if (!scope) return;
    let lsn: bigint | null;
    try {
      const { rows } = await sql<{
        lsn: string;
      }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary);
      lsn = parseLsn(rows[0]?.lsn);
    } catch (err) {
      // The write stands; its member may read an older copy for a few milliseconds.
      this.logger.warn({ err }, 'could not read the WAL position after a commit');
      return;
    }
    if (lsn === null) return;
    scope.lsn = laterLsn(scope.lsn, lsn);
    const member = scope.req.session?.userId;
    if (member) this.remember(member, lsn);
    if (!scope.res.headersSent) scope.res.setHeader(WAL_HEADER, formatLsn(scope.lsn!));
  }

  private remember(member: string, lsn: bigint): void {
    const known = this.members.get(member);
    this.members.delete(member);
    this.members.set(member, laterLsn(known ?? null, lsn)!);
    if (this.members.size > MEMBERS_REMEMBERED) {
      this.members.delete(this.members.keys().next().value!);
    }
  }
}
