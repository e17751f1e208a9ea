import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type RawBuilder,
} from 'kysely';
import type { Database } from './schema';

/** One SQL statement with its parameters, ready to run alone or in a pipeline. */
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /**
   * A signal to other sessions (a NOTIFY) that the command runner sends once the command's
   * transaction has committed, outside it: inside, a NOTIFY takes a global lock at commit that
   * serialises every committing transaction. Sent at most once per moment however many commits
   * ask for it (`AfterCommitSender`); a runner without a sender sends it in the transaction.
   */
  afterCommit?: true;
}

/**
 * Builds queries without a connection: projections, guards and reads are values (statements)
 * that the command runner sends together, so they are written with this and never executed here.
 */
export const qb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A Kysely query or a raw `sql` fragment as a statement. */
export function statement(query: Compilable | RawBuilder<unknown>): Statement {
  const compiled = 'isRawBuilder' in query ? query.compile(qb) : (query as Compilable).compile();
  return { sql: compiled.sql, parameters: compiled.parameters };
}

export function statements(...queries: (Compilable | RawBuilder<unknown>)[]): Statement[] {
  return queries.map(statement);
}
