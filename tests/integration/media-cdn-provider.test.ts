import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { as, signUpMembers, type TestMember } from '../support/factories';
import { png, uploaded } from '../support/media-fixtures';
import { useServerWithDatabase } from '../support/test-server';

/**
 * A purge also asks the CDN provider to drop its copies when a Cloudflare zone is configured:
 * here a local HTTP server stands where Cloudflare's API is, and records what it is asked.
 */

interface Call {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { files: string[] };
}

const calls: Call[] = [];
/** What the stand-in answers next: Cloudflare's success, or a refusal. */
let answerStatus = 200;
let provider: Server;
const env: Record<string, string> = {};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// Registered before the server's own hooks, so the server starts with the stand-in's address.
beforeAll(async () => {
  provider = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(text) as { files: string[] },
      });
      res.writeHead(answerStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: answerStatus === 200, errors: [], result: {} }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  Object.assign(env, {
    CLOUDFLARE_ZONE_ID: 'zone-1',
    CLOUDFLARE_API_TOKEN: 'token-1',
    CLOUDFLARE_API_URL: `http://127.0.0.1:${port}/client/v4`,
  });
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

const stack = useServerWithDatabase({ env });

let owner: TestMember;

beforeAll(async () => {
  [owner] = await signUpMembers(stack.server, 1);
});

beforeEach(() => {
  calls.length = 0;
  answerStatus = 200;
});

it("asks Cloudflare to purge a file's URL, its thumbnail and every responsive width", async () => {
  const photo = await uploaded(stack.server, owner, { buffer: await png(), filename: 'p.png' });
  const res = await as(stack.server, owner)
    .post('/cdn/purge', { files: [photo.key] })
    .expect(200);
  expect(res.body.provider).toMatchObject({ name: 'cloudflare', ok: true });
  expect(calls).toHaveLength(1);
  const [call] = calls;
  expect(call).toMatchObject({
    method: 'POST',
    url: '/client/v4/zones/zone-1/purge_cache',
    authorization: 'Bearer token-1',
  });
  const paths = call!.body.files.map((url) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  });
  expect(paths).toEqual([
    `/cdn/${photo.key}`,
    `/cdn/${photo.key}?w=300&h=300&f=webp&q=80`,
    ...[320, 640, 960, 1280, 1920].map((w) => `/cdn/${photo.key}?w=${w}`),
  ]);
});

it("says so when Cloudflare refuses, and still removes the server's own variants", async () => {
  const photo = await uploaded(stack.server, owner, { buffer: await png(), filename: 'q.png' });
  answerStatus = 403;
  const res = await as(stack.server, owner)
    .post('/cdn/purge', { files: [photo.key] })
    .expect(200);
  expect(res.body).toMatchObject({
    purged: 1,
    provider: { name: 'cloudflare', ok: false, detail: 'Cloudflare answered 403' },
  });
});
