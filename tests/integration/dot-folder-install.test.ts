import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/free-port';

// A real server process, started by tsx from a copy of the source: seconds on a busy machine.
jest.setTimeout(180_000);

const repository = path.resolve(import.meta.dirname, '../..');
const INDEX = '<!doctype html><title>Agora</title><div id="root"></div>';
const SCRIPT = 'console.log("agora");';

let database: TestDatabase;
let scratch: string;
let child: ChildProcess | undefined;
let baseUrl: string;

/**
 * The app as a member installs it under a folder whose name starts with a dot (`~/.local/src`):
 * its source, and a build of the web app with brotli copies beside the files, as `vite build`
 * writes them. The dependencies are the repository's own.
 */
async function installUnderDotFolder(): Promise<string> {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'agora-install-'));
  const install = path.join(scratch, '.local', 'src', 'agora');
  for (const entry of ['server', 'shared', 'migrations', 'package.json', 'tsconfig.json']) {
    await cp(path.join(repository, entry), path.join(install, entry), { recursive: true });
  }
  await symlink(path.join(repository, 'node_modules'), path.join(install, 'node_modules'));
  const web = path.join(install, 'dist', 'web');
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), INDEX);
  await writeFile(path.join(web, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js'), SCRIPT);
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
  return install;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const install = await installUnderDotFolder();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.SERVE_WEB;
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: install,
    env,
  });
  child = started;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Agora is serving')) resolve();
    };
    started.stdout.on('data', listen);
    started.stderr.on('data', listen);
    started.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const brotli = { 'accept-encoding': 'br' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET as a browser sends it; the body decoded by the coding the answer names, as browsers do. */
function get(page: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${page}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          try {
            const body =
              res.headers['content-encoding'] === 'br' ? brotliDecompressSync(bytes) : bytes;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString() });
          } catch (error) {
            reject(
              new Error(`${page}: the body is not in its Content-Encoding (${String(error)})`),
            );
          }
        });
      })
      .on('error', reject);
  });
}

describe('installed under a folder whose name starts with a dot', () => {
  it('serves the web app, compressed as the client accepts', async () => {
    for (const page of ['/', '/profile/settings']) {
      const res = await get(page, brotli);
      expect({ page, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
        page,
        status: 200,
        encoding: 'br',
      });
      expect(res.body).toBe(INDEX);
    }
    const script = await get('/assets/app-1a2b3c.js', brotli);
    expect({ status: script.status, body: script.body }).toEqual({ status: 200, body: SCRIPT });
  });

  it('serves the API reference and its files', async () => {
    for (const file of ['/api/docs', '/api/docs/swagger-init.js', '/api/docs/swagger-ui.css']) {
      expect({ file, status: (await get(file)).status }).toEqual({ file, status: 200 });
    }
  });

  it('answers a missing asset with a JSON 404 that claims no content coding', async () => {
    const res = await get('/assets/gone-9z8y7x.js', brotli);
    expect({
      status: res.status,
      type: res.headers['content-type'],
      encoding: res.headers['content-encoding'],
    }).toEqual({ status: 404, type: 'application/json; charset=utf-8', encoding: undefined });
    expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe('not-found');
  });
});
