import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ChildServer {
  child: ChildProcess;
  port: number;
  pid: number;
}

/**
 * Runs one of the bench's own baseline servers (`tests/bench/<script>`) in a process of its own,
 * as the product's server runs, and waits for the port it announces as its first line of JSON.
 */
export async function startChildServer(
  repoRoot: string,
  script: string,
  args: string[],
  what: string,
): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'bench', script), ...args],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = out.split('\n')[0];
        if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`${what} exited early (${code})`)));
      setTimeout(() => reject(new Error(`${what} did not start within 30 s`)), 30_000).unref();
    });
    return { child, port, pid: child.pid! };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
