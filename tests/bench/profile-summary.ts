/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the server of `npm run bench` with
 * `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`): self time by function, by
 * file and by package, largest first, so a profile can be read without a browser.
 *
 *   npx tsx tests/bench/profile-summary.ts <file.cpuprofile> [rows=40] [--from=s --to=s]
 *
 * `--from`/`--to` keep only the samples in that window (seconds from the start of the profile),
 * e.g. the steady load of a scenario rather than the sign-ups before it.
 */
import path from 'node:path';
import { readProfile, type ProfileNode } from './cpu-profile';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
if (!file) {
  process.stderr.write('usage: profile-summary.ts <file.cpuprofile> [rows] [--from=s --to=s]\n');
  process.exit(2);
}
const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 40);
const option = (name: string) => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return raw === undefined ? undefined : Number(raw) * 1e6;
};
const from = option('from') ?? 0;
const to = option('to') ?? Number.POSITIVE_INFINITY;

const { profile, byId, parentOf } = readProfile(file);

/** Where a frame's code lives: a package name, a path in the repo, or V8's own category. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const clean = url.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = clean.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (clean.startsWith('node:')) return clean;
  return path.relative(process.cwd(), clean);
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}  ${placeOf(url)}:${lineNumber + 1}`;
}

const selfByFunction = new Map<string, number>();
const selfByFile = new Map<string, number>();
const selfByPlace = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);

let at = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) continue;
  // A sample's time is the gap to the next one.
  const us = profile.timeDeltas[i + 1] ?? 0;
  const node = byId.get(profile.samples[i]!)!;
  const { functionName, url } = node.callFrame;
  const place = placeOf(url);
  total += us;
  add(selfByFunction, frameName(node), us);
  // Each function on the sample's stack once, however deep it recurses.
  const onStack = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
    onStack.add(frameName(byId.get(id)!));
  }
  for (const name of onStack) add(inclusive, name, us);
  add(selfByFile, place === '(native)' ? functionName || '(native)' : place, us);
  add(
    selfByPlace,
    url.includes('node_modules/') || !url ? place : url.startsWith('node:') ? 'node:*' : 'agora',
    us,
  );
}

function table(title: string, map: Map<string, number>) {
  const sorted = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows);
  process.stdout.write(`\n${title}\n`);
  for (const [name, us] of sorted) {
    process.stdout.write(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}\n`,
    );
  }
}

process.stdout.write(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled` +
    ` (profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s)\n`,
);
table('self time by package (agora = this repo, node:* = Node itself)', selfByPlace);
table('self time by file', selfByFile);
table('self time by function', selfByFunction);
table('total time by function (itself and what it called)', inclusive);
