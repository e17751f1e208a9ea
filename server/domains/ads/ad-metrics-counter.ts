import type { AdEvent } from '../../../shared/ads';

/** What one ad gathered on one UTC day since the last write: `AdMetricsRecorded`'s data. */
export interface AdCounts {
  adId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  impressions: number;
  clicks: number;
  lastShown: string | null;
}

/** Counts per write: each write is one command, so one transaction. */
const COUNTS_PER_WRITE = 100;

export interface AdMetricsCounterOptions {
  /** Records counts as one command; a refusal keeps them for the next flush. */
  write: (counts: readonly AdCounts[]) => Promise<unknown>;
  now?: () => Date;
}

const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

function merged(into: AdCounts | undefined, counts: AdCounts): AdCounts {
  if (!into) return counts;
  return {
    ...into,
    impressions: into.impressions + counts.impressions,
    clicks: into.clicks + counts.clicks,
    lastShown: later(into.lastShown, counts.lastShown),
  };
}

/**
 * Impressions and clicks counted in this process's memory and written every few seconds as one
 * event per ad and day, as post views are: one event per impression would soon be most of the
 * log. What a crash loses is at most one interval's counts; the worker writes the rest at stop.
 */
export class AdMetricsCounter {
  private pending = new Map<string, AdCounts>();
  private writing: Promise<void> = Promise.resolve();
  private readonly now: () => Date;

  constructor(private readonly options: AdMetricsCounterOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Counts an accepted batch, at the server's time (a client's clock decides nothing). */
  record(events: readonly AdEvent[]): void {
    const at = this.now().toISOString();
    const day = at.slice(0, 10);
    for (const event of events) {
      const impression = event.kind === 'impression';
      this.add({
        adId: event.adId,
        day,
        impressions: impression ? 1 : 0,
        clicks: impression ? 0 : 1,
        lastShown: impression ? at : null,
      });
    }
  }

  /** Writes the pending counts; one write at a time, so a slow database never stacks them. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private add(counts: AdCounts): void {
    const key = `${counts.adId}/${counts.day}`;
    this.pending.set(key, merged(this.pending.get(key), counts));
  }

  private async write(): Promise<void> {
    const taken = [...this.pending.values()];
    this.pending = new Map();
    for (let start = 0; start < taken.length; start += COUNTS_PER_WRITE) {
      try {
        await this.options.write(taken.slice(start, start + COUNTS_PER_WRITE));
      } catch (error) {
        // Kept for the next flush, with whatever was counted meanwhile.
        for (const counts of taken.slice(start)) this.add(counts);
        throw error;
      }
    }
  }
}
