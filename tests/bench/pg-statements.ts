import pg from 'pg';
import { progress } from './members';

/**
 * Where Postgres spent a window's time, statement by statement, when the database has
 * `pg_stat_statements` loaded (`BENCH_DATABASE_URL` pointing at a cluster started with
 * `shared_preload_libraries=pg_stat_statements`, and the extension created). The embedded
 * Postgres does not load it, so a plain run prints nothing. Planning time counts only with
 * `pg_stat_statements.track_planning=on`.
 */
export async function statementsWindow(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const loaded = await client
    .query('select pg_stat_statements_reset()')
    .then(() => true)
    .catch(() => false);
  return {
    async report(title: string, top = 20): Promise<void> {
      try {
        if (!loaded) return;
        const { rows } = await client.query<{
          calls: string;
          plans: string;
          total: number;
          mean: number;
          hit: string;
          text: string;
        }>(
          `select calls::text, plans::text, (total_exec_time + total_plan_time)::float8 as total,
                  ((total_exec_time + total_plan_time) / greatest(calls, 1))::float8 as mean,
                  (shared_blks_hit + shared_blks_read)::text as hit,
                  regexp_replace(query, '\\s+', ' ', 'g') as text
             from pg_stat_statements order by total desc limit $1`,
          [top],
        );
        const all = await client.query<{ total: number; calls: string }>(
          `select sum(total_exec_time + total_plan_time)::float8 as total, sum(calls)::text as calls
             from pg_stat_statements`,
        );
        progress(
          `${title}: Postgres statements ${Math.round(all.rows[0]!.total)} ms in ${all.rows[0]!.calls} calls`,
        );
        for (const r of rows) {
          progress(
            `  ${r.total.toFixed(0).padStart(7)} ms ${r.calls.padStart(7)} calls ${r.plans.padStart(6)} plans ` +
              `${r.mean.toFixed(3).padStart(8)} ms ${String(Math.round(Number(r.hit) / Math.max(Number(r.calls), 1))).padStart(5)} buf  ${r.text.slice(0, 140)}`,
          );
        }
      } finally {
        await client.end();
      }
    },
  };
}
