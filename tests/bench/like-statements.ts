import pg from 'pg';
import { composeModel } from '../../server/composition';
import type { Read } from '../../server/core/reads';
import type { Statement } from '../../server/db/statement';
import { reactionCommands } from '../../server/domains/posts/reaction-commands';
import { appendStatements, recordEvents } from '../../server/eventstore/append';
import { fmt, type Grid } from './report';

/** One statement of the like command, timed by `EXPLAIN (ANALYZE, BUFFERS)`. */
export interface TimedStatement {
  /** Where it comes from: a read, the append, a projection, an effect, the reply. */
  source: string;
  /** The statement's first words, enough to tell it from the others. */
  text: string;
  ms: number;
  /** Shared buffers hit and read, over the whole plan. */
  buffers: number;
}

export interface LikeProfile {
  statements: TimedStatement[];
  totalMs: number;
}

const model = composeModel();
const { setPostLike } = reactionCommands({ publicUrl: 'http://bench.invalid' });

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
}
interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const shortText = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 90);

async function timed(client: pg.Client, source: string, s: Statement): Promise<TimedStatement> {
  const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
    `explain (analyze, buffers, format json) ${s.sql}`,
    s.parameters as unknown[],
  );
  const plan = rows[0]!['QUERY PLAN'][0]!;
  return {
    source,
    text: shortText(s.sql),
    ms: plan['Planning Time'] + plan['Execution Time'],
    buffers: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
  };
}

/**
 * What one more like of the post by `likerId` costs Postgres, statement by statement: the like
 * command's reads, then its write as the runner would send it (the append, every projection's
 * statements, the effects, the reply), each under `EXPLAIN (ANALYZE, BUFFERS)` in one
 * transaction that is rolled back, so nothing stays; twice, and the second is answered. Times are
 * Postgres's own (planning and execution), without the round trips. `likerId` must not have
 * liked the post.
 */
export async function profileLike(
  databaseUrl: string,
  postId: string,
  likerId: string,
): Promise<LikeProfile> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The first pass fills the connection's caches (catalog, plans): the second is timed.
    await profileOnce(client, postId, likerId);
    const statements = await profileOnce(client, postId, likerId);
    return { statements, totalMs: statements.reduce((sum, s) => sum + s.ms, 0) };
  } finally {
    await client.end();
  }
}

async function profileOnce(
  client: pg.Client,
  postId: string,
  likerId: string,
): Promise<TimedStatement[]> {
  const out: TimedStatement[] = [];
  try {
    await client.query('begin');
    const input = { userId: likerId, postId, like: true };
    const ctx = { actorId: likerId };
    const reads = setPostLike.load(input, ctx) as Record<string, Read<unknown>>;
    const state: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(reads)) {
      out.push(await timed(client, `read: ${key}`, read.statement));
      const { rows } = await client.query(read.statement.sql, read.statement.parameters as []);
      state[key] = read.pick(rows);
    }
    const decision = await setPostLike.decide(state as never, input, ctx);
    const recorded = recordEvents(decision.appends ?? [], ctx, new Date());
    for (const s of decision.guards ?? []) out.push(await timed(client, 'guard', s));
    for (const s of appendStatements(decision.appends ?? [], recorded, { inTurn: true })) {
      out.push(await timed(client, 'append', s));
    }
    for (const projection of model.projections) {
      for (const event of recorded) {
        if (!projection.handles.includes(event.type)) continue;
        for (const s of projection.project(event)) {
          out.push(await timed(client, `projection: ${projection.name}`, s));
        }
      }
    }
    // Signals the runner sends once the like committed, outside its transaction.
    for (const s of decision.effects ?? []) {
      out.push(await timed(client, s.afterCommit ? 'after commit' : 'effect', s));
    }
    if (decision.reply) out.push(await timed(client, 'reply', decision.reply.statement));
  } finally {
    await client.query('rollback');
  }
  return out;
}

/** The profiles side by side, one column each (taken at different numbers of likes). */
export function profileGrid(profiles: { label: string; profile: LikeProfile }[]): Grid {
  const first = profiles[0]!.profile.statements;
  const cells = first.map((s, i) => [
    s.source,
    s.text,
    ...profiles.flatMap(({ profile }) => {
      const same = profile.statements[i];
      return same ? [`${same.ms.toFixed(3)} ms`, fmt.int(same.buffers)] : ['n/a', 'n/a'];
    }),
  ]);
  cells.push([
    'total',
    '',
    ...profiles.flatMap(({ profile }) => [`${profile.totalMs.toFixed(3)} ms`, '']),
  ]);
  return {
    header: [
      'source',
      'statement',
      ...profiles.flatMap(({ label }) => [`${label}: time`, 'buffers']),
    ],
    numeric: profiles.flatMap((_, i) => [2 + 2 * i, 3 + 2 * i]),
    cells,
  };
}
