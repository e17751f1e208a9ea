import pg from 'pg';

/** What Postgres's processes were doing over a stretch of a load, sampled. */
export interface WaitSample {
  samples: number;
  /** `backend type: state, wait` → in how many samples a process was so, most first. */
  top: [string, number][];
}

/**
 * Samples `pg_stat_activity` every `everyMs` on a connection of its own until stopped, counting
 * every process that is not idle by its kind, state and wait event ("on CPU" when it waits on
 * nothing): what a step's slow answers met in Postgres (a vacuum, a checkpoint's writes, a lock)
 * shows beside the step's latencies.
 */
export async function sampleWaits(
  databaseUrl: string,
  everyMs = 50,
): Promise<{ stop(): Promise<WaitSample> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ label: string }>(
        `select backend_type || ': ' || coalesce(state, '-') || ', ' ||
           coalesce(wait_event_type || '/' || wait_event, 'on CPU') as label
         from pg_stat_activity
         where pid <> pg_backend_pid() and coalesce(state, '') <> 'idle'
           and backend_type not in ('walwriter', 'background writer', 'checkpointer',
             'autovacuum launcher', 'logical replication launcher', 'archiver', 'io worker')
         union all
         select 'checkpointer: ' || coalesce(wait_event_type || '/' || wait_event, 'on CPU')
         from pg_stat_activity
         where backend_type = 'checkpointer' and wait_event is distinct from 'CheckpointerMain'`,
      );
      samples += 1;
      for (const { label } of rows) counts.set(label, (counts.get(label) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return { samples, top: [...counts].sort((a, b) => b[1] - a[1]) };
    },
  };
}
