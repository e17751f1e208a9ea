/** The counts of jest's printed summary line, e.g. `Tests: 1 failed, 3 skipped, 102 passed, 106 total`. */
export interface PrintedCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Reads the last `Tests:` line jest printed, or null when there is none. Jest prints it when its
 * tests have run, before its global teardown; its JSON report is written after that teardown, so
 * a teardown that fails leaves the printed line as the only record of what passed.
 */
export function printedCounts(output: string): PrintedCounts | null {
  const lines = [...output.matchAll(/^Tests:\s+(.+)$/gm)];
  const line = lines.at(-1)?.[1];
  if (line === undefined) return null;
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped') + count('todo'),
  };
}
