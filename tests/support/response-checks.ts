import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ResponseContract, type ObservedResponse } from './openapi-responses';

/**
 * What the server answers outside `/api`, and why none of it is in the API document. Everything
 * under `/api` is checked, test routes included (the document lists them under `test` wherever
 * they are mounted); any other path answered with anything but the app's JSON 404 is a problem,
 * so that nothing new escapes the check unnamed.
 * (Test servers do not serve the web app.)
 */
export const OUTSIDE_THE_API: ReadonlyArray<{ prefix: string; reason: string }> = [
  {
    prefix: '/socket.io/',
    reason: "socket.io's own transport (its polling requests and handshake), not REST",
  },
  {
    prefix: '/cdn/',
    reason:
      'public URLs of files and image variants that API answers link to, fetched by browsers ' +
      'as images, not called as API operations',
  },
  { prefix: '/healthz', reason: "the load balancer's liveness probe" },
  { prefix: '/readyz', reason: "the load balancer's readiness probe" },
];

const problems: string[] = [];

/** The answers seen since the last call that the document does not describe; clears the list. */
export function takeResponseProblems(): string[] {
  return problems.splice(0, problems.length);
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

type Chunk = string | Buffer | Uint8Array;

const isChunk = (value: unknown): value is Chunk =>
  typeof value === 'string' || value instanceof Uint8Array;

/**
 * Records the answer to one request: its status and headers as they are when it ends, and its
 * bytes when it is JSON (files stream through uncopied). The check runs inside `end`, before the
 * last bytes leave, so a test that awaited the answer finds any problem already recorded.
 */
function watch(req: IncomingMessage, res: ServerResponse, contract: ResponseContract): void {
  const path = (req.url ?? '/').split('?')[0]!;
  if (!contract.covers(path)) {
    if (!OUTSIDE_THE_API.some(({ prefix }) => path.startsWith(prefix))) {
      res.once('finish', () => {
        // A path nobody serves gets the app's JSON 404 (not an operation, so not documented).
        const notFound =
          res.statusCode === 404 && JSON_TYPE.test(String(res.getHeader('content-type') ?? ''));
        if (!notFound) {
          problems.push(`${req.method} ${path} is neither in the API document nor outside the API`);
        }
      });
    }
    return;
  }
  const chunks: Buffer[] = [];
  let hasBody = false;
  let keep: boolean | undefined;
  let checked = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (!isChunk(chunk) || chunk.length === 0) return;
    hasBody = true;
    keep ??= JSON_TYPE.test(String(res.getHeader('content-type') ?? ''));
    if (!keep) return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk),
    );
  };
  const write = res.write;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
  const end = res.end;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!checked) {
      checked = true;
      collect(args[0], args[1]);
      const contentType = res.getHeader('content-type');
      const problem = contract.problemOf({
        method: req.method ?? 'GET',
        path,
        status: res.statusCode,
        contentType: contentType === undefined ? undefined : String(contentType),
        hasBody,
        text: keep ? Buffer.concat(chunks).toString('utf8') : undefined,
      });
      if (problem) problems.push(problem);
    }
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}

/** Checks every answer `server` gives under the document's server URL against the document. */
export function checkResponsesOf(server: Server, contract: ResponseContract): void {
  // Ahead of Express and socket.io, so every request is watched from its start.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    try {
      watch(req, res, contract);
    } catch (error) {
      problems.push(`could not watch ${req.method} ${req.url}: ${String(error)}`);
    }
  });
}

const contracts = new Map<string, ResponseContract>();

/**
 * The contract of the document a server publishes at `/api/openapi.json`; servers of one test file
 * that publish the same document share one, and so its compiled schemas.
 */
export async function publishedContract(baseUrl: string): Promise<ResponseContract> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const text = await res.text();
  let contract = contracts.get(text);
  if (!contract) {
    contract = new ResponseContract(JSON.parse(text) as Record<string, unknown>);
    contracts.set(text, contract);
  }
  return contract;
}

/** The contracts of servers in other processes (spawned by a test), by base URL. */
const remote = new Map<string, ResponseContract>();

/**
 * Loads the document a server in another process publishes, so that what it answers can be
 * checked by `checkRemoteAnswer` (its requests cannot be watched from this process).
 */
export async function watchRemoteServer(baseUrl: string): Promise<void> {
  remote.set(baseUrl, await publishedContract(baseUrl));
}

/** Checks an answer a test got from a server in another process, as `checkResponsesOf` would. */
export function checkRemoteAnswer(baseUrl: string, answer: ObservedResponse): void {
  const contract = remote.get(baseUrl);
  const problem = contract
    ? contract.problemOf(answer)
    : `${answer.method} ${answer.path} of ${baseUrl} is not checked: call watchRemoteServer first`;
  if (problem) problems.push(problem);
}
