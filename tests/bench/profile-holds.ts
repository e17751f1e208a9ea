/**
 * The stretches of a V8 CPU profile (`node --cpu-prof`) in which the process never went idle
 * for at least `--min=ms` (20): each is a hold of the event loop, which every request waiting
 * behind it pays in full. A profile's totals hide them (a 30 ms task once a second is 3% of
 * the busy time, yet it is the p99 of a 50 ms target); this lists each hold with where it began
 * and the functions that took its time, so a tail can be traced to what held the loop.
 *
 *   npx tsx tests/bench/profile-holds.ts <file.cpuprofile> [--min=20] [--from=s --to=s] [--top=6]
 */
import path from 'node:path';
import { readProfile, type ProfileNode } from './cpu-profile';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write(
    'usage: profile-holds <file.cpuprofile> [--min=ms] [--from=s --to=s] [--top=n]\n',
  );
  process.exit(2);
}
const option = (name: string, fallback: number) => {
  const given = args.find((a) => a.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
const minMs = option('min', 20);
const fromS = option('from', 0);
const toS = option('to', Number.POSITIVE_INFINITY);
const top = option('top', 6);

const { profile, byId, parentOf } = readProfile(file);

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
};

/** The outermost frame of a sample's stack that is the application's or a package's code. */
function entryOf(id: number): string {
  let outermost: ProfileNode | null = null;
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at)!;
    if (node.callFrame.url) outermost = node;
  }
  return outermost ? label(outermost) : label(byId.get(id)!);
}

interface Hold {
  startMs: number;
  ms: number;
  self: Map<string, number>;
  entries: Map<string, number>;
}

const holds: Hold[] = [];
let current: Hold | null = null;
let at = profile.startTime;
const close = () => {
  if (current && current.ms >= minMs) holds.push(current);
  current = null;
};
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  const seconds = (at - profile.startTime) / 1e6;
  const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const node = byId.get(profile.samples[i]!)!;
  if (seconds < fromS || seconds > toS || node.callFrame.functionName === '(idle)') {
    close();
    continue;
  }
  current ??= { startMs: seconds * 1000, ms: 0, self: new Map(), entries: new Map() };
  current.ms += delta;
  const name = label(node);
  current.self.set(name, (current.self.get(name) ?? 0) + delta);
  const entry = entryOf(node.id);
  current.entries.set(entry, (current.entries.get(entry) ?? 0) + delta);
}
close();

const largest = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(1)} ms ${name}`);

process.stdout.write(
  `${holds.length} holds of ${minMs} ms or more, ${holds.reduce((sum, h) => sum + h.ms, 0).toFixed(0)} ms in all\n`,
);
for (const hold of holds.sort((a, b) => b.ms - a.ms)) {
  process.stdout.write(`\nat ${(hold.startMs / 1000).toFixed(3)} s, ${hold.ms.toFixed(1)} ms\n`);
  process.stdout.write(`  by entry:  ${largest(hold.entries).join('\n             ')}\n`);
  process.stdout.write(`  self time: ${largest(hold.self).join('\n             ')}\n`);
}
