import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Why a fetch was refused; the worker drops the preview whatever the reason. */
export type RefusalReason =
  | 'bad-url'
  | 'blocked-address'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'wrong-type'
  | 'http-error'
  | 'network';

export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface SafeFetchOptions {
  /** The media types accepted, by prefix (`text/html`, `image/`). */
  accept: readonly string[];
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Test-only (`LINK_PREVIEW_TEST_ORIGIN`): the one `ip:port` reached without the filter. An IP
   * literal matched against the URL's own host and port, so neither DNS nor another port of the
   * same host can use it.
   */
  testOrigin?: string;
  /**
   * Test-only: the resolver the filtering agent asks at connect time in place of the system's,
   * so a test can make a name rebind. Honoured only beside `testOrigin`, which production
   * refuses.
   */
  testLookup?: LookupFunction;
}

export const PAGE_FETCH: SafeFetchOptions = {
  accept: ['text/html', 'application/xhtml+xml'],
  maxBytes: 1024 * 1024,
  timeoutMs: 3000,
  maxRedirects: 5,
};

export const IMAGE_FETCH: SafeFetchOptions = {
  accept: ['image/'],
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 3000,
  maxRedirects: 5,
};

export interface Fetched {
  /** Where the last redirect led: relative links in the page resolve against it. */
  url: string;
  contentType: string;
  body: Buffer;
}

/**
 * The filtering agents check every address a host name resolves to, at the moment the socket
 * connects to it (their DNS lookup is the socket's), so a name that answers a public address to
 * a first check and a private one afterwards (DNS rebinding) is still refused; an IP literal is
 * checked before any connection. Only unicast public addresses pass: loopback, private (10/8,
 * 172.16/12, 192.168/16, fc00::/7), link-local and metadata (169.254/16, fe80::/10), multicast,
 * carrier-grade NAT, reserved and IPv4-mapped IPv6 are refused. No keep-alive: a connection
 * checked for one host is never reused for another.
 */
const filteringHttp = new RequestFilteringHttpAgent({ keepAlive: false });
const filteringHttps = new RequestFilteringHttpsAgent({ keepAlive: false });
const unfiltered = new http.Agent({ keepAlive: false });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function agentFor(url: URL, testOrigin: string | undefined): http.Agent {
  if (testOrigin && url.protocol === 'http:' && url.host === testOrigin) return unfiltered;
  return url.protocol === 'https:' ? filteringHttps : filteringHttp;
}

function parseHttpUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('bad-url', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('bad-url', 'Only http and https are fetched');
  }
  if (url.username || url.password) throw new FetchRefused('bad-url', 'URLs with credentials');
  return url;
}

const BLOCKED = /is not allowed/u;

function refusalOf(error: unknown, signal: AbortSignal): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (signal.aborted) return new FetchRefused('timeout', 'The page took too long');
  const message = error instanceof Error ? error.message : String(error);
  if (BLOCKED.test(message)) return new FetchRefused('blocked-address', message);
  return new FetchRefused('network', message);
}

/** One request, without following a redirect: answers the response with its body unread. */
function request(url: URL, options: SafeFetchOptions, signal: AbortSignal) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, {
      agent: agentFor(url, options.testOrigin),
      ...(options.testOrigin && options.testLookup ? { lookup: options.testLookup } : {}),
      signal,
      headers: {
        accept: options.accept.map((type) => (type.endsWith('/') ? `${type}*` : type)).join(', '),
        'user-agent': 'AgoraLinkPreview/1.0 (+link previews)',
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchRefused('too-large', `The answer declares ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefused('too-large', `The answer is over ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs a member-given URL from the server without letting it reach the server's own network:
 * http and https only, every address (redirect targets included) checked by the filtering
 * agent, at most `maxRedirects` redirects, `timeoutMs` for all of it, `maxBytes` read, and only
 * the accepted media types. Refuses with `FetchRefused`.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = parseHttpUrl(raw);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await request(url, options, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.resume();
        if (redirects >= options.maxRedirects) {
          throw new FetchRefused('too-many-redirects', `Over ${options.maxRedirects} redirects`);
        }
        url = parseHttpUrl(response.headers.location, url.toString());
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new FetchRefused('http-error', `The page answered ${status}`);
      }
      const contentType = (response.headers['content-type'] ?? '').toLowerCase();
      const mime = contentType.split(';')[0]!.trim();
      if (!options.accept.some((type) => mime.startsWith(type))) {
        response.destroy();
        throw new FetchRefused('wrong-type', `Not fetched: ${mime || 'no type'}`);
      }
      const body = await readBody(response, options.maxBytes);
      return { url: url.toString(), contentType, body };
    }
  } catch (error) {
    throw refusalOf(error, signal);
  }
}
