import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import sharp from 'sharp';
import { ConfigError, loadConfig } from '../../server/config';
import {
  FetchRefused,
  PAGE_FETCH,
  safeFetch,
  type RefusalReason,
} from '../../server/domains/link-previews/safe-fetch';
import { POSTS_SOCKET_EVENTS, type SharedPost, type WatchPostsAck } from '../../shared/posts';
import { SOCKET_EVENTS, type MessagePreviewPayload } from '../../shared/realtime';
import type { Comment, Post } from '../../shared/posts';
import type { Message } from '../../shared/social';
import { eventually } from '../support/eventually';
import { as, signUp, snapshotReadModels, startConversation } from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

/**
 * One local site for every case: the pages a preview may be made of, and the traps it must not
 * fall into. It listens on 127.0.0.1, which the fetcher refuses like any loopback address except
 * for exactly this ip:port (`LINK_PREVIEW_TEST_ORIGIN`, refused in production). A second server,
 * the "internal service", stands for what an attacker would aim at: nothing may ever reach it.
 */
const env: Record<string, string> = { LINK_PREVIEWS_PER_MINUTE: '8' };
let site: http.Server;
let internal: http.Server;
let origin = '';
let internalHits = 0;
const open = new Set<http.ServerResponse>();

function page(title: string, extra = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${extra}</head><body>x</body></html>`;
}

async function startSites(): Promise<void> {
  const image = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
  internal = http.createServer((_req, res) => {
    internalHits += 1;
    res.end('secret');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const internalPort = (internal.address() as AddressInfo).port;
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const html = (body: string) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(body);
    };
    const redirect = (to: string) => {
      res.statusCode = 302;
      res.setHeader('location', to);
      res.end();
    };
    switch (url.pathname) {
      case '/article':
        return html(
          page(
            'Fallback title',
            '<meta property="og:title" content="Harbour news">' +
              '<meta property="og:description" content="Boats, weather and  tides.">' +
              '<meta property="og:site_name" content="The Harbour">' +
              '<meta property="og:image" content="/image.png">',
          ),
        );
      case '/other':
        return html(page('Only a title'));
      case '/image.png':
        res.setHeader('content-type', 'image/png');
        return res.end(image);
      case '/json':
        res.setHeader('content-type', 'application/json');
        return res.end('{"title":"no"}');
      case '/huge': {
        // 50 MB of HTML, sent as fast as the reader takes it, without a declared length.
        res.setHeader('content-type', 'text/html');
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const more = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('close', () => res.removeAllListeners('drain'));
        return more();
      }
      case '/slow':
        // Answers nothing until the test ends.
        open.add(res);
        return;
      case '/redirect':
        return redirect(url.searchParams.get('to') ?? '/');
      case '/internal':
        return redirect(`http://127.0.0.1:${internalPort}/secret`);
      case '/chain': {
        const left = Number(url.searchParams.get('n'));
        return redirect(left > 0 ? `/chain?n=${left - 1}` : '/other');
      }
      default:
        res.statusCode = 404;
        return res.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  env.LINK_PREVIEW_TEST_ORIGIN = origin;
}

// Before the server starts: it reads the site's origin from `env`.
beforeAll(startSites);
const stack = useServerWithDatabase({ env });
afterAll(async () => {
  for (const res of open) res.destroy();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => internal.close(resolve));
});

const at = (path: string) => `http://${origin}${path}`;
const fetchPage = (url: string) => safeFetch(url, { ...PAGE_FETCH, testOrigin: origin });

async function refusal(url: string): Promise<RefusalReason> {
  try {
    await fetchPage(url);
  } catch (error) {
    if (error instanceof FetchRefused) return error.reason;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

describe('the fetcher', () => {
  it('refuses loopback, private, link-local and metadata addresses, named or literal, and redirects into them', async () => {
    const port = origin.split(':')[1];
    const internalPort = (internal.address() as AddressInfo).port;
    const refused = [
      // A name that resolves to 127.0.0.1 (or ::1), on the allowed port itself.
      `http://localhost:${port}/article`,
      `http://127.0.0.1:${internalPort}/secret`,
      `http://[::1]:${port}/article`,
      `http://[::ffff:127.0.0.1]:${port}/article`,
      `http://0.0.0.0:${port}/article`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
      at('/internal'),
      at(`/redirect?to=${encodeURIComponent(`http://localhost:${port}/article`)}`),
      at('/redirect?to=http://10.0.0.1/'),
      at('/redirect?to=http://169.254.169.254/latest/meta-data/'),
      at('/redirect?to=http://[::1]/'),
    ];
    for (const url of refused) {
      expect([url, await refusal(url)]).toEqual([url, 'blocked-address']);
    }
    expect(internalHits).toBe(0);
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'http://user:pw@example.com/']) {
      expect(await refusal(url)).toBe('bad-url');
    }
    expect(await refusal(at(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`))).toBe(
      'bad-url',
    );
  });

  it('refuses a name that rebinds to 127.0.0.1 between a check and the connection, and one answering a loopback address among public ones', async () => {
    const internalPort = (internal.address() as AddressInfo).port;
    const answered: string[] = [];
    // A public address to the first question, as to a check made before fetching; loopback to
    // every later one, as to the connection's own lookup.
    const rebinding: LookupFunction = (hostname, options, callback) => {
      const address = answered.length === 0 ? '93.184.215.14' : '127.0.0.1';
      answered.push(address);
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const checked = await new Promise<string>((resolve, reject) =>
      rebinding('rebind.example', { family: 4 }, (error, address) =>
        error ? reject(error) : resolve(address as string),
      ),
    );
    expect(checked).toBe('93.184.215.14');
    const fetchVia = (url: string, testLookup: LookupFunction) =>
      safeFetch(url, { ...PAGE_FETCH, testOrigin: origin, testLookup }).then(
        () => 'fetched',
        (error: unknown) => (error instanceof FetchRefused ? error.reason : String(error)),
      );
    expect(await fetchVia(`http://rebind.example:${internalPort}/secret`, rebinding)).toBe(
      'blocked-address',
    );
    // The connection asked the resolver itself and was refused what it answered then.
    expect(answered).toEqual(['93.184.215.14', '127.0.0.1']);

    const mixed: LookupFunction = (_hostname, options, callback) => {
      const addresses = [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
      if (options.all) callback(null, addresses);
      else callback(null, '127.0.0.1', 4);
    };
    expect(await fetchVia(`http://mixed.example:${internalPort}/secret`, mixed)).toBe(
      'blocked-address',
    );
    expect(internalHits).toBe(0);
  });

  it('reads 1 MB at most, HTML only, for 3 s at most, after 5 redirects at most', async () => {
    expect(await refusal(at('/huge'))).toBe('too-large');
    expect(await refusal(at('/json'))).toBe('wrong-type');
    const started = Date.now();
    expect(await refusal(at('/slow'))).toBe('timeout');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(10_000);
    // `n` hops of the chain, then one more to the page.
    expect((await fetchPage(at('/chain?n=4'))).url).toBe(at('/other'));
    expect(await refusal(at('/chain?n=5'))).toBe('too-many-redirects');
  });

  it('lets only the test origin past the filter, and the server refuses that setting in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://localhost/agora',
      PUBLIC_URL: 'https://agora.example',
    };
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, LINK_PREVIEW_TEST_ORIGIN: origin })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ LINK_PREVIEW_TEST_ORIGIN: 'localhost:80' })).toThrow(ConfigError);
  });
});

describe('cards on posts, comments and messages', () => {
  const postOf = async (member: { cookie: string }, id: string) =>
    (await as(stack.server, member).get(`/posts/${id}`).expect(200)).body as Post;

  it('gives a published post the card of its first link, pushed live, with the image from /cdn/', async () => {
    const ana = await signUp(stack.server);
    const ben = await signUp(stack.server);
    const created = (
      await as(stack.server, ana)
        .post('/posts', {
          title: 'Read this',
          content: `Morning (see ${at('/article?utm_source=x')}). Also ${at('/other')}`,
          status: 'published',
        })
        .expect(201)
    ).body as Post;
    expect(created.linkPreview).toBeNull();
    const socket = await connectAs(stack.server, ben);
    try {
      // Listening first: a preview attached before the watch comes in the watch's catch-up.
      const pushed = waitForEvent<{ post: SharedPost }>(
        socket,
        POSTS_SOCKET_EVENTS.updated,
        (p) => p.post.linkPreview !== null,
      );
      await socket.emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [created.id] });
      const { post } = await pushed;
      expect(post.linkPreview).toMatchObject({
        url: at('/article'),
        title: 'Harbour news',
        description: 'Boats, weather and tides.',
        siteName: 'The Harbour',
      });
      expect(post.version).toBeGreaterThan(created.version);
      const image = post.linkPreview!.image!;
      expect(new URL(image).pathname).toMatch(/^\/cdn\/[0-9a-f-]{36}\.webp$/u);
      const cdn = await fetch(`${stack.server.url}${new URL(image).pathname}`, {
        headers: { cookie: ben.cookie },
      });
      expect(cdn.status).toBe(200);
      expect(cdn.headers.get('content-type')).toBe('image/webp');
      expect((await postOf(ben, created.id)).linkPreview).toEqual(post.linkPreview);
    } finally {
      socket.close();
    }
  });

  it('lets the author remove a card before publishing or after, and an edit to another link brings its card', async () => {
    const ana = await signUp(stack.server);
    const ben = await signUp(stack.server);
    const declined = (
      await as(stack.server, ana)
        .post('/posts', {
          title: 'No card',
          content: `See ${at('/other')}`,
          status: 'published',
          linkPreview: false,
        })
        .expect(201)
    ).body as Post;
    const post = (
      await as(stack.server, ana)
        .post('/posts', { title: 'Card', content: `See ${at('/other')}`, status: 'published' })
        .expect(201)
    ).body as Post;
    // Queued in order: once the second has its card, the first was never asked for one.
    const carded = await eventually(
      () => postOf(ana, post.id),
      (p) => p.linkPreview !== null,
    );
    expect(carded.linkPreview).toMatchObject({ title: 'Only a title', image: null });
    expect((await postOf(ana, declined.id)).linkPreview).toBeNull();

    await as(stack.server, ben).delete(`/link-previews/post/${post.id}`).expect(404);
    await as(stack.server, ana).delete(`/link-previews/post/${post.id}`).expect(204);
    expect((await postOf(ben, post.id)).linkPreview).toBeNull();
    await as(stack.server, ana).delete(`/link-previews/post/${post.id}`).expect(409);
    await as(stack.server, ana).delete(`/link-previews/bogus/${post.id}`).expect(400);

    // An edit leaving the link alone keeps it removed; one linking elsewhere gets that card (the
    // editor sends the status with every save).
    await as(stack.server, ana)
      .patch(`/posts/${post.id}`, { content: `Still ${at('/other')}` })
      .expect(200);
    await as(stack.server, ana)
      .patch(`/posts/${post.id}`, { content: `Now ${at('/article')}`, status: 'published' })
      .expect(200);
    const moved = await eventually(
      () => postOf(ben, post.id),
      (p) => p.linkPreview !== null,
    );
    expect(moved.linkPreview?.title).toBe('Harbour news');
  });

  it('shows a friends-only post’s card to those who may see the post, and nothing to others', async () => {
    const ana = await signUp(stack.server);
    const stranger = await signUp(stack.server);
    const post = (
      await as(stack.server, ana)
        .post('/posts', {
          title: 'Friends only',
          content: at('/other'),
          status: 'published',
          visibility: 'friendsOnly',
        })
        .expect(201)
    ).body as Post;
    const socket = await connectAs(stack.server, stranger);
    try {
      const ack = (await socket.emitWithAck(POSTS_SOCKET_EVENTS.watch, {
        postIds: [post.id],
      })) as WatchPostsAck;
      expect(ack.watching).toEqual([]);
      await eventually(
        () => postOf(ana, post.id),
        (p) => p.linkPreview !== null,
      );
      await as(stack.server, stranger).get(`/posts/${post.id}`).expect(404);
      await as(stack.server, stranger).delete(`/link-previews/post/${post.id}`).expect(404);
    } finally {
      socket.close();
    }
  });

  it('leaves a post whose link is refused as it is', async () => {
    const ana = await signUp(stack.server);
    const post = (
      await as(stack.server, ana)
        .post('/posts', {
          title: 'Metadata',
          content: 'http://169.254.169.254/latest/meta-data/',
          status: 'published',
        })
        .expect(201)
    ).body as Post;
    await eventually(
      () =>
        stack.database.db
          .selectFrom('link_preview_cache')
          .select('card')
          .where('url', '=', 'http://169.254.169.254/latest/meta-data/')
          .executeTakeFirst(),
      (row) => row !== undefined && row.card === null,
    );
    expect((await postOf(ana, post.id)).linkPreview).toBeNull();
  });

  it('gives comments and messages cards, a message’s pushed to both participants', async () => {
    const ana = await signUp(stack.server);
    const ben = await signUp(stack.server);
    const post = (
      await as(stack.server, ana)
        .post('/posts', { title: 'Thread', content: 'Talk', status: 'published' })
        .expect(201)
    ).body as Post;
    const comment = (
      await as(stack.server, ben)
        .post(`/posts/${post.id}/comments`, { content: `Look: ${at('/other')}` })
        .expect(201)
    ).body as Comment;
    await eventually(
      async () =>
        (
          (await as(stack.server, ana).get(`/posts/${post.id}/comments`).expect(200)).body as {
            comments: Comment[];
          }
        ).comments.find((c) => c.id === comment.id),
      (c) => c?.linkPreview?.title === 'Only a title',
    );

    const conversation = await startConversation(stack.server, ana, ben);
    const socket = await connectAs(stack.server, ben);
    try {
      const pushed = waitForEvent<MessagePreviewPayload>(socket, SOCKET_EVENTS.messagePreview);
      const sent = await as(stack.server, ana)
        .post(`/conversations/${conversation.id}/messages`, { content: at('/article') })
        .expect(201);
      const messageId = (sent.body as { message: Message }).message.id;
      const payload = await pushed;
      expect(payload).toMatchObject({ messageId, linkPreview: { title: 'Harbour news' } });
      const page = await as(stack.server, ben)
        .get(`/conversations/${conversation.id}/messages`)
        .expect(200);
      const stored = (page.body as { messages: Message[] }).messages.find(
        (m) => m.id === messageId,
      );
      expect(stored?.linkPreview).toEqual(payload.linkPreview);
      const removal = waitForEvent<MessagePreviewPayload>(
        socket,
        SOCKET_EVENTS.messagePreview,
        (p) => p.linkPreview === null,
      );
      await as(stack.server, ben).delete(`/link-previews/message/${messageId}`).expect(404);
      await as(stack.server, ana).delete(`/link-previews/message/${messageId}`).expect(204);
      expect((await removal).version).toBeGreaterThan(payload.version);
    } finally {
      socket.close();
    }
  });

  it('answers the editor’s lookups from the cache, refuses a bad URL, and limits each member', async () => {
    const cy = await signUp(stack.server);
    const lookup = (url: string) =>
      as(stack.server, cy).get(`/link-previews?url=${encodeURIComponent(url)}`);
    const first = await lookup(at('/article#top')).expect(200);
    expect(first.body.preview).toMatchObject({ url: at('/article'), title: 'Harbour news' });
    expect((await lookup(at('/json')).expect(200)).body).toEqual({ preview: null });
    await lookup('javascript:alert(1)').expect(400);
    for (let i = 0; i < 6; i += 1) await lookup(at('/article')).expect(200);
    await lookup(at('/article')).expect(429);
  });

  it('rebuilds every card and removal exactly from the log', async () => {
    const before = await snapshotReadModels(stack.database.db);
    const withCards = (table: 'posts' | 'comments' | 'messages') =>
      stack.database.db
        .selectFrom(table)
        .select('id')
        .where('link_preview', 'is not', null)
        .execute();
    expect((await withCards('posts')).length).toBeGreaterThanOrEqual(2);
    expect((await withCards('comments')).length).toBe(1);
    expect((await withCards('messages')).length).toBe(1);
    await rebuild(stack.database.db);
    expect(await snapshotReadModels(stack.database.db)).toEqual(before);
  });
});
