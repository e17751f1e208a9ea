import path from 'node:path';

/** What a jest `--json` report says of each test file it ran. */
export interface JestReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

/**
 * What each file of the reports took, in seconds to a tenth, by its path from `root` with `/`
 * between folders (as `scripts/integration-seconds.json` keeps it), sorted by path.
 */
export function secondsTable(reports: readonly JestReport[], root: string): Record<string, number> {
  const seconds: [string, number][] = reports.flatMap(({ testResults }) =>
    testResults.map((file): [string, number] => [
      path.relative(root, file.name).split(path.sep).join('/'),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ]),
  );
  return Object.fromEntries(seconds.sort(([a], [b]) => a.localeCompare(b)));
}
