export interface CommandFigures {
  /** Runs that ended with an answer or a refusal decided by the command. */
  runs: number;
  /** Database round trips of those runs, counted where queries leave the process. */
  roundTrips: { total: number; max: number; last: number };
  /** Extra attempts after the stream moved between read and write. */
  retries: number;
}

/**
 * Round trips and retries per command, kept in memory by each process: the benchmark reads them
 * (test route) to report round trips per command as counted, not estimated.
 */
export class CommandStats {
  private readonly byName = new Map<string, CommandFigures>();

  record(name: string, trips: number | null, attempts: number): void {
    let figures = this.byName.get(name);
    if (!figures) {
      figures = { runs: 0, roundTrips: { total: 0, max: 0, last: 0 }, retries: 0 };
      this.byName.set(name, figures);
    }
    figures.runs += 1;
    figures.retries += Math.max(0, attempts - 1);
    if (trips !== null) {
      figures.roundTrips.total += trips;
      figures.roundTrips.max = Math.max(figures.roundTrips.max, trips);
      figures.roundTrips.last = trips;
    }
  }

  snapshot(): Record<string, CommandFigures> {
    return Object.fromEntries(
      [...this.byName].map(([name, f]) => [name, { ...f, roundTrips: { ...f.roundTrips } }]),
    );
  }
}
