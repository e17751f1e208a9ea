import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { balancedShards } from './balanced-shards';
import { printedCounts } from './jest-summary';
import { secondsTable, type JestReport } from './test-seconds';

/**
 * `npm test`: lint, format, typecheck and the import-cycle check side by side, then unit,
 * integration and end-to-end tests one after another, then one closing line with the totals. Each
 * of the four checks counts as one.
 */
interface StageResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output kept, to be printed whole once it is done. */
function runQuietly(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/**
 * The static checks at once (each uses about one core; together they take the time of the
 * slowest instead of the sum), their outputs printed in order, one result each.
 */
async function checks(list: [name: string, command: string, args: string[]][]) {
  const finished = await Promise.all(list.map(([, command, args]) => runQuietly(command, args)));
  return list.map(([name], i): StageResult => {
    const { code, output } = finished[i]!;
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });
}

/**
 * What a jest run reported of its tests, from its JSON report and its exit code; without the
 * report, from the summary it printed (`output`), so the tests that passed still count.
 */
async function jestResult(
  project: string,
  code: number,
  out: string,
  output: string,
): Promise<StageResult> {
  try {
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numFailedTestSuites: number;
    };
    // A suite that fails to load has no failed tests of its own; count it as a failure.
    const failed =
      report.numFailedTests +
      (code !== 0 && report.numFailedTests === 0 ? Math.max(1, report.numFailedTestSuites) : 0);
    return {
      name: project,
      passed: report.numPassedTests,
      failed,
      skipped: report.numPendingTests,
    };
  } catch {
    const printed = printedCounts(output);
    if (!printed) return { name: project, passed: 0, failed: 1, skipped: 0 };
    console.log(`(${project}: no JSON report; the counts are those jest printed)`);
    return {
      name: project,
      passed: printed.passed,
      failed: Math.max(printed.failed, code === 0 ? 0 : 1),
      skipped: printed.skipped,
    };
  }
}

const JEST_ENV = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' };

function jestArgs(project: string, out: string, extra: string[]): string[] {
  return [
    'jest',
    '--selectProjects',
    project,
    // Integration files one at a time within a process: they share that process's Postgres
    // server, whose oldest open transaction holds back every database's reads of what is
    // committed. Each process starts a server of its own (tests/support/postgres-server.ts).
    ...(project === 'integration' ? ['--maxWorkers=1'] : []),
    ...extra,
    '--json',
    '--outputFile',
    out,
  ];
}

/**
 * The integration files in this many jest processes, a shard of the files each. Run in band, jest
 * keeps every file's heap (it grew by about 90 MB a file, measured with `--logHeapUsage`), and in
 * one process for all of them the files late in the run were several times slower than alone
 * (the every-endpoint shards: 31–37 s alone, 111–194 s there).
 */
const INTEGRATION_SHARDS = 6;
/**
 * How many of those processes run at once. A file mostly waits on its server process and on
 * Postgres, so two at a time kept both cores busy where one left them half idle: four shards took
 * 1,241 s one after another and 799 s two at a time on the two-core machine.
 */
const INTEGRATION_CONCURRENCY = 2;
/**
 * What each integration file took in a recent run, by which the shards are made even. Jest's own
 * `--shard` splits by a hash of the path, a sixth of the files each whatever their time: one shard
 * took 232 s and another 79 s, and the two lanes ended minutes apart on a slow day (415 and 604 s).
 * `RECORD_TEST_SECONDS=1 npm test` writes the table again from its run.
 */
const SECONDS_TABLE = path.join(import.meta.dirname, 'integration-seconds.json');

async function integrationFiles(): Promise<string[]> {
  const entries = await readdir('tests/integration', { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.test.ts'))
    .map((entry) => path.posix.join('tests/integration', entry.split(path.sep).join('/')))
    .sort();
}

/** The table, or none where it is missing (every file then weighs the same); a broken one throws. */
async function readSeconds(): Promise<Record<string, number>> {
  let text: string;
  try {
    text = await readFile(SECONDS_TABLE, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return JSON.parse(text) as Record<string, number>;
}

/** Writes the table of what each integration file took from the shards' reports. */
async function recordSeconds(reports: string[]): Promise<void> {
  const read = await Promise.all(
    reports.map(async (report) => JSON.parse(await readFile(report, 'utf8')) as JestReport),
  );
  await writeFile(SECONDS_TABLE, `${JSON.stringify(secondsTable(read, process.cwd()), null, 2)}\n`);
  console.log(`--- wrote ${path.relative(process.cwd(), SECONDS_TABLE)}`);
}

async function unitTests(dir: string): Promise<StageResult> {
  console.log('\n=== unit ===');
  const out = path.join(dir, 'unit.json');
  const code = await run('npx', jestArgs('unit', out, []), JEST_ENV);
  // Its output went straight to the terminal: without a report it counts as one failure.
  return jestResult('unit', code, out, '');
}

/**
 * The integration shards, `INTEGRATION_CONCURRENCY` at a time. Each shard's output is printed whole
 * when it ends, so two shards' lines never interleave; a line says when each starts and ends.
 */
async function integrationTests(dir: string): Promise<StageResult> {
  const name = 'integration';
  console.log(`\n=== ${name} ===`);
  const total: StageResult = { name, passed: 0, failed: 0, skipped: 0 };
  const shards = balancedShards(await integrationFiles(), await readSeconds(), INTEGRATION_SHARDS);
  const waiting = shards.map((files, i) => ({ number: i + 1, files }));
  const reports: string[] = [];
  // Each lane's processes pick ports from a range of their own (tests/support/free-port.ts).
  const worker = async (lane: number) => {
    for (let shard = waiting.shift(); shard !== undefined; shard = waiting.shift()) {
      const label = `integration shard ${shard.number}/${shards.length} (${shard.files.length} files)`;
      const started = Date.now();
      console.log(`--- ${label} started`);
      const out = path.join(dir, `${name}-${shard.number}.json`);
      const { code, output } = await runQuietly(
        'npx',
        jestArgs(name, out, ['--runTestsByPath', ...shard.files]),
        { ...JEST_ENV, TEST_LANE: String(lane) },
      );
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`--- ${label} ended after ${seconds} s (exit ${code})`);
      process.stdout.write(output);
      const result = await jestResult(name, code, out, output);
      total.passed += result.passed;
      total.failed += result.failed;
      total.skipped += result.skipped;
      reports.push(out);
    }
  };
  await Promise.all(Array.from({ length: INTEGRATION_CONCURRENCY }, (_, lane) => worker(lane)));
  if (process.env.RECORD_TEST_SECONDS === '1') await recordSeconds(reports);
  return total;
}

interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}

async function playwright(dir: string): Promise<StageResult> {
  const name = 'end-to-end';
  console.log(`\n=== ${name} ===`);
  const out = path.join(dir, 'e2e.json');
  const code = await run(
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  );
  try {
    const { stats } = JSON.parse(await readFile(out, 'utf8')) as { stats: PlaywrightStats };
    const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
    return { name, passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
  } catch {
    return { name, passed: 0, failed: 1, skipped: 0 };
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-test-results-'));
const results: StageResult[] = [];
results.push(
  ...(await checks([
    ['lint (eslint)', 'npx', ['eslint', '.']],
    ['format (prettier)', 'npx', ['prettier', '--check', '.']],
    ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['typecheck (worker)', 'npx', ['tsc', '-p', 'web/pwa/tsconfig.json']],
    // A cycle lets a module run before one it imports has finished loading. Type-only imports
    // count too: they tie the layers together as surely (docs/architecture.md, "The web client").
    ['import cycles (dpdm)', 'npm', ['run', '--silent', 'cycles']],
  ])),
);
results.push(await unitTests(dir));
results.push(await integrationTests(dir));
results.push(await playwright(dir));
await rm(dir, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name.padEnd(20)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed${r.skipped ? ` ${r.skipped} skipped` : ''}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
