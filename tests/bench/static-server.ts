import { spawn } from 'node:child_process';
import path from 'node:path';

export interface StaticServer {
  port: number;
  pid: number;
  stop(): void;
}

/** Starts static-files.ts over `dir` and waits for the port it listens on. */
export async function startStaticServer(repoRoot: string, dir: string): Promise<StaticServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'bench', 'static-files.ts'), dir],
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
      child.once('exit', (code) => reject(new Error(`static server exited early (${code})`)));
      setTimeout(
        () => reject(new Error('static server did not start within 30 s')),
        30_000,
      ).unref();
    });
    return { port, pid: child.pid!, stop: () => child.kill('SIGTERM') };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
