import { createHash } from 'node:crypto';
import { RawNode, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Statement } from './statement';

/**
 * Several statements in one round trip. Each is parsed, bound and executed with the extended
 * protocol, and one Sync closes them all, so Postgres runs them back to back in one implicit
 * transaction (unless the pipeline itself opens or closes one with BEGIN/COMMIT): the first that
 * fails aborts the rest and rolls everything back. Statements keep their parameters and are
 * prepared once per connection, as every other query is (see prepared-client.ts).
 *
 * It is a pg "submittable", the extension point pg-cursor and pg-query-stream use: pg hands it
 * the connection when it is the client's turn and passes it every message until ReadyForQuery.
 */

/** pg's own conversion of JavaScript values to parameter text (dates, arrays, JSON, buffers). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils
  .prepareValue;

const MAX_PREPARED_PER_CONNECTION = 500;
const names = new Map<string, string>();
const preparedByConnection = new WeakMap<object, Set<string>>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_PREPARED_PER_CONNECTION * 4) names.set(text, name);
  }
  return name;
}

interface ProtocolConnection {
  parse(config: { text: string; name: string; types: number[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; binary: boolean }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  on(event: 'parseComplete', listener: () => void): void;
  off(event: 'parseComplete', listener: () => void): void;
}

type PgResult = pg.QueryResult<Record<string, unknown>>;

/** What pg's Query does with the backend's answers; @types/pg leaves these out. */
interface QueryInternals {
  handleError(error: Error, connection: pg.Connection): void;
  handleReadyForQuery(connection: pg.Connection): void;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}

/**
 * Which statement of a pipeline failed (its index), on the error the pipeline rejects with: the
 * statements before it completed, the ones after it never ran, and all were rolled back.
 */
export function failedStatementIndex(error: unknown): number | undefined {
  const index = (error as { pipelineIndex?: unknown } | null)?.pipelineIndex;
  return typeof index === 'number' ? index : undefined;
}
const BaseQuery = pg.Query as unknown as new (config: pg.QueryConfig) => pg.Query & QueryInternals;

export class PipelineQuery extends BaseQuery {
  private failure: Error | null = null;
  private completed = 0;
  private onParseComplete: (() => void) | null = null;
  private connection: ProtocolConnection | null = null;

  constructor(private readonly statements: readonly Statement[]) {
    super({ text: 'pipeline', queryMode: 'extended' } as pg.QueryConfig);
  }

  /** Called by pg (through `submit`) with the connection corked: every message leaves together. */
  prepare(raw: unknown): void {
    const connection = raw as ProtocolConnection;
    let values: unknown[][];
    try {
      values = this.statements.map((s) => s.parameters.map((value) => prepareValue(value)));
    } catch (error) {
      // Nothing was sent: the Sync alone brings ReadyForQuery, which reports the failure.
      this.failure = error as Error;
      connection.sync();
      return;
    }
    let prepared = preparedByConnection.get(connection);
    if (!prepared) {
      prepared = new Set();
      preparedByConnection.set(connection, prepared);
    }
    const known = prepared;
    // Names whose Parse is on its way, in order: each ParseComplete confirms the next one. A
    // statement after a failure is never parsed, so it stays unknown and is parsed next time.
    const parsing: string[] = [];
    // A statement repeated in this pipeline is parsed once: its second Parse would be refused.
    const sent = new Set<string>();
    this.statements.forEach((statement, index) => {
      const named = statement.parameters.length > 0;
      let name = '';
      if (named) {
        const candidate = nameOf(statement.sql);
        if (known.has(candidate) || known.size + sent.size < MAX_PREPARED_PER_CONNECTION) {
          name = candidate;
        }
      }
      if (!name || !(known.has(name) || sent.has(name))) {
        connection.parse({ text: statement.sql, name, types: [] });
        parsing.push(name);
        if (name) sent.add(name);
      }
      connection.bind({ portal: '', statement: name, values: values[index]!, binary: false });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
    });
    connection.sync();
    this.onParseComplete = () => {
      const name = parsing.shift();
      if (name) known.add(name);
    };
    this.connection = connection;
    connection.on('parseComplete', this.onParseComplete);
  }

  private detach(): void {
    if (this.connection && this.onParseComplete) {
      this.connection.off('parseComplete', this.onParseComplete);
    }
    this.connection = null;
    this.onParseComplete = null;
  }

  override handleCommandComplete(message: unknown, connection: pg.Connection): void {
    this.completed += 1;
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: pg.Connection): void {
    this.detach();
    Object.assign(error, { pipelineIndex: this.completed });
    super.handleError(error, connection);
  }

  override handleReadyForQuery(connection: pg.Connection): void {
    this.detach();
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      super.handleError(failure, connection);
      return;
    }
    super.handleReadyForQuery(connection);
  }
}

/** Runs the statements in one round trip on a pg client; one result per statement, in order. */
export function runPipelineOn(client: pg.ClientBase, statements: readonly Statement[]) {
  return new Promise<PgResult[]>((resolve, reject) => {
    const query = new PipelineQuery(statements);
    query.on('error', reject);
    query.on('end', (results: PgResult | PgResult[]) => {
      resolve(Array.isArray(results) ? results : [results]);
    });
    client.query(query);
  });
}

/**
 * Kysely carries a pipeline to the connection it runs on as this marker query (see
 * prepared-client.ts), so a pipeline runs on a pool, inside a transaction or on a reserved
 * connection alike: `db.executeQuery(pipelineQuery(statements))`.
 */
export const PIPELINE_SQL = '/* agora:pipeline */';

export class PipelineRequest {
  constructor(
    readonly statements: readonly Statement[],
    /** Reads only: they may share a round trip with other callers' queries (auto-pipeline.ts). */
    readonly shareable = false,
  ) {}
}

export function pipelineQuery(
  statements: readonly Statement[],
  options: { shareable?: boolean } = {},
): CompiledQuery<PgResult> {
  return {
    query: RawNode.createWithSql(PIPELINE_SQL),
    queryId: { queryId: 'pipeline' },
    sql: PIPELINE_SQL,
    parameters: [new PipelineRequest(statements, options.shareable ?? false)],
  } as unknown as CompiledQuery<PgResult>;
}
