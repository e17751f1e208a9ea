import { sql, type RawBuilder } from 'kysely';
import { statement, type Statement } from '../db/statement';
import { DomainError, type DomainErrorKind } from './errors';

/**
 * A rule checked inside a command's write, where it holds at commit: the statement raises the
 * refusal unless `condition` is true when it runs. Rules that span streams (a daily limit, a
 * capacity) take a lock first (`lock`), so the condition sees every writer before it.
 */
export function refuseUnless(condition: RawBuilder<boolean>, refusal: DomainError): Statement {
  const details = JSON.stringify({ code: refusal.code, fields: refusal.fields });
  return statement(
    sql`select agora_refuse(${refusal.kind}, ${details}, ${refusal.message})
        where not coalesce((${condition}), false)`,
  );
}

/**
 * A premise of the decision re-checked at commit (the first account becomes the owner): when it
 * no longer holds, the command reads again and decides anew, as when its stream moved.
 */
export function retryUnless(condition: RawBuilder<boolean>): Statement {
  return statement(
    sql`select agora_refuse('retry', '', 'the decision was made on stale state')
        where not coalesce((${condition}), false)`,
  );
}

/** One text for every lock: nothing to build per call, and the pool finds it prepared at once. */
const LOCK_SQL = statement(sql`select pg_advisory_xact_lock(hashtextextended(${''}, 0))`).sql;

/**
 * A transaction-level advisory lock on a named thing, held to commit: writers of the same thing
 * run one after another.
 */
export function lock(name: string): Statement {
  return { sql: LOCK_SQL, parameters: [name] };
}

const KINDS = new Set<DomainErrorKind>([
  'invalid',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'limit-exceeded',
  'too-large',
  'unsupported-type',
  'unavailable',
]);

/** A refusal raised by `refuseUnless` (SQLSTATE AGERR), back as the typed error it was. */
export function refusalOf(error: unknown): DomainError | null {
  const e = error as { code?: string; detail?: string; hint?: string; message?: string } | null;
  if (e?.code !== 'AGERR' || !KINDS.has(e.detail as DomainErrorKind)) return null;
  const { code, fields } = JSON.parse(e.hint ?? '{}') as {
    code?: string;
    fields?: Record<string, string>;
  };
  return new DomainError(e.detail as DomainErrorKind, code ?? 'refused', e.message ?? '', fields);
}

/** A `retryUnless` premise that failed. */
export function isRetryRequest(error: unknown): boolean {
  const e = error as { code?: string; detail?: string } | null;
  return e?.code === 'AGERR' && e.detail === 'retry';
}
