import { startChildServer } from './child-server';

export interface StaticServer {
  port: number;
  pid: number;
  stop(): void;
}

/** Starts static-files.ts over `dir` and waits for the port it listens on. */
export async function startStaticServer(repoRoot: string, dir: string): Promise<StaticServer> {
  const { child, port, pid } = await startChildServer(
    repoRoot,
    'static-files.ts',
    [dir],
    'static server',
  );
  return { port, pid, stop: () => child.kill('SIGTERM') };
}
