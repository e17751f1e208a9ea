/**
 * Splits test files into `count` shards of about equal expected time: the longest file first,
 * each to the shard with the least time so far. `seconds` holds what each file took in an earlier
 * run; a file it does not know (new since) counts as the median of those it knows. A stale table
 * only makes the shards less even, never leaves a file out.
 */
export function balancedShards(
  files: readonly string[],
  seconds: Readonly<Record<string, number>>,
  count: number,
): string[][] {
  const known = files.flatMap((file) => (seconds[file] === undefined ? [] : [seconds[file]]));
  const guess = median(known) ?? 1;
  const weighed = files
    .map((file) => ({ file, weight: seconds[file] ?? guess }))
    // Ties by name, so the same table always gives the same shards.
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const { file, weight } of weighed) {
    const lightest = shards.reduce((least, shard) => (shard.total < least.total ? shard : least));
    lightest.files.push(file);
    lightest.total += weight;
  }
  return shards.filter((shard) => shard.files.length > 0).map((shard) => shard.files);
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
