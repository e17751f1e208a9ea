import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { SESSION_COOKIE } from '../../shared/constants';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_MODULE,
  FIRST_SCREEN_SLOT,
  FIRST_SCREEN_TEMPLATE,
  drawnRows,
  FIRST_SCREEN_MOST_ROWS,
  firstScreenPageOf,
  jsonForHtml,
  waitingForApp,
  type FirstScreenData,
  type FirstScreenPage,
} from '../../shared/first-screen';
import type { ActiveSession } from '../../server/core/session';
import { firstScreenDrawer, type FirstScreenDeps } from '../../server/http/first-screen';
import { staticWeb } from '../../server/http/static-web';

const TOKEN = 'the-token';
const COOKIE = `${SESSION_COOKIE}=${TOKEN}`;

function sessionOf(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 'session-1',
    credential: { kind: 'cookie' },
    userId: 'member-1',
    rememberMe: false,
    createdAt: new Date('2026-12-01T00:00:00Z'),
    lastActivityAt: new Date('2026-12-01T00:00:00Z'),
    expiresAt: null,
    passwordRotationRequired: false,
    user: {
      id: 'member-1',
      username: 'ana',
      email: 'ana@example.test',
      display_name: 'Ana',
      avatar: null,
      email_verified: true,
      role: 'member',
      status: 'active',
      onboarding_complete: true,
    },
    ...overrides,
  };
}

/** What the fake reader answers: a post whose text would close a script element if left raw. */
const session = { isAuthenticated: true, id: 'member-1', displayName: 'Ana' };
const data = {
  session,
  page: 'home',
  feed: { posts: [{ id: 'post-1', title: 'Hello </script><script>alert(1)</script> & more' }] },
} as unknown as Extract<FirstScreenData, { page: 'home' }>;

/** What the fake reader answers for the other pages; nothing for a post named `hidden`. */
function readPage(page: FirstScreenPage): FirstScreenData | null {
  if (page.name === 'home') return data;
  if (page.name === 'messages') return { session, page: 'messages', conversations: [] } as never;
  if (page.postId === 'hidden') return null;
  return { session, page: 'post', post: { id: page.postId }, comments: [] } as never;
}

/**
 * The built module, faked: it draws the path, the member's name and the number of posts on the
 * home (the page's name on the others).
 */
const FAKE_MODULE = `export async function renderFirstScreen(path, data, cookie) {
  if (data.page === 'home' && data.feed.posts.length === 0) throw new Error('nothing to draw');
  const shown = data.page === 'home' ? data.feed.posts.length + ' posts' : data.page;
  return '<main data-path="' + path + '" data-cookie="' + cookie + '">' + data.session.displayName +
    ': ' + shown + '</main>';
}
`;

const TEMPLATE = `<html><head><title>Home · Agora</title></head><body><div id="root">${FIRST_SCREEN_SLOT}</div><template id="after-paint"></template></body></html>`;

let dir: string;
let web: string;
let bare: string;
const findSession = jest.fn<(cookie: string | undefined) => Promise<ActiveSession | null>>();
const read =
  jest.fn<(session: ActiveSession, page: FirstScreenPage) => Promise<FirstScreenData | null>>();
const logger = pino({ level: 'silent' });

function appFor(webDir: string): express.Express {
  const deps: FirstScreenDeps = { webDir, findSession, read, logger };
  return express().use(staticWeb(webDir, firstScreenDrawer(deps)));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agora-first-screen-'));
  web = path.join(dir, 'web');
  await mkdir(path.join(web, 'prerendered'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<div id="root">loading</div>');
  await writeFile(path.join(web, FIRST_SCREEN_TEMPLATE), TEMPLATE);
  const module = path.resolve(web, FIRST_SCREEN_MODULE);
  await mkdir(path.dirname(module), { recursive: true });
  await writeFile(module, FAKE_MODULE);
  // A build of the web app without the module (one made before it existed).
  bare = path.join(dir, 'bare', 'web');
  await mkdir(bare, { recursive: true });
  await writeFile(path.join(bare, 'index.html'), '<div id="root">loading</div>');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  findSession
    .mockReset()
    .mockImplementation(async (cookie) => (cookie?.includes(TOKEN) ? sessionOf() : null));
  read.mockReset().mockImplementation(async (_session, page) => readPage(page));
});

/** The JSON the drawn page carries to the app. */
function carried(html: string): unknown {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('</script>', start);
  return JSON.parse(html.slice(start + open.length, end));
}

describe("a member's page drawn with its document", () => {
  it('is drawn at / and /home into the template, with what it shows carried as JSON', async () => {
    const app = appFor(web);
    for (const route of ['/', '/home']) {
      const res = await request(app).get(route).set('cookie', COOKIE).expect(200);
      expect(res.text).toContain(
        `<div id="root"><main data-path="${route}" data-cookie="${COOKIE}">Ana: 1 posts</main>`,
      );
      expect(res.text).not.toContain(FIRST_SCREEN_SLOT);
      expect(carried(res.text)).toEqual(data);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    expect(findSession).toHaveBeenCalledWith(COOKIE);
    expect(read).toHaveBeenCalledWith(expect.objectContaining({ userId: 'member-1' }), {
      name: 'home',
    });
  });

  it('draws the conversation list and a post page the same way, each read as its page', async () => {
    const app = appFor(web);
    const messages = await request(app).get('/messages').set('cookie', COOKIE).expect(200);
    expect(messages.text).toContain('<main data-path="/messages"');
    expect(messages.text).toContain('Ana: messages</main>');
    expect(carried(messages.text)).toMatchObject({ page: 'messages', conversations: [] });
    const post = await request(app).get('/post/post-7').set('cookie', COOKIE).expect(200);
    expect(post.text).toContain('Ana: post</main>');
    expect(carried(post.text)).toMatchObject({ page: 'post', post: { id: 'post-7' } });
    expect(read.mock.calls.map(([, page]) => page)).toEqual([
      { name: 'messages' },
      { name: 'post', postId: 'post-7' },
    ]);
  });

  it('carries text that cannot close its element or run as a script', async () => {
    const res = await request(appFor(web)).get('/').set('cookie', COOKIE).expect(200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonForHtml({ a: '</script>&\u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u0026\\u2028"}',
    );
  });

  it('is kept by no shared cache, varies by cookie, and comes compressed when asked', async () => {
    const res = await request(appFor(web))
      .get('/home')
      .set('cookie', COOKIE)
      .set('accept-encoding', 'br, gzip')
      .expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['vary']).toMatch(/Cookie/);
    expect(res.headers['content-encoding']).toBe('br');
    // The client decodes it: what arrived was brotli, and is the page.
    expect(res.text).toContain('Ana: 1 posts');
  });

  it('is not drawn for a visitor, an ended session, another page or a password to change', async () => {
    const app = appFor(web);
    const loading = '<div id="root">loading</div>';
    expect((await request(app).get('/').expect(200)).text).toBe(loading);
    const ended = `${SESSION_COOKIE}=ended`;
    expect((await request(app).get('/').set('cookie', ended).expect(200)).text).toBe(loading);
    for (const route of [
      '/friends',
      '/home/extra',
      '/messages?conversation=c-1',
      '/messages?user=member-2',
      '/post/p-1/extra',
    ]) {
      expect((await request(app).get(route).set('cookie', COOKIE).expect(200)).text).toBe(loading);
    }
    findSession.mockResolvedValue(sessionOf({ passwordRotationRequired: true }));
    expect((await request(app).get('/').set('cookie', COOKIE).expect(200)).text).toBe(loading);
    expect(read).not.toHaveBeenCalled();
    // A post the member may not see: the app draws its 'Post not found'.
    findSession.mockResolvedValue(sessionOf());
    const hidden = await request(app).get('/post/hidden').set('cookie', COOKIE).expect(200);
    expect(hidden.text).toBe(loading);
  });

  it('falls back to the loading frame when the read or the render fails, or the build has no module', async () => {
    const app = appFor(web);
    const loading = '<div id="root">loading</div>';
    read.mockRejectedValueOnce(new Error('database down'));
    expect((await request(app).get('/').set('cookie', COOKIE).expect(200)).text).toBe(loading);
    read.mockResolvedValueOnce({ ...data, feed: { ...data.feed, posts: [] } });
    expect((await request(app).get('/').set('cookie', COOKIE).expect(200)).text).toBe(loading);
    expect((await request(app).get('/').set('cookie', COOKIE).expect(200)).text).toContain(
      'Ana: 1 posts',
    );
    const withoutModule = appFor(bare);
    expect((await request(withoutModule).get('/').set('cookie', COOKIE).expect(200)).text).toBe(
      loading,
    );
  });
});

describe('the pages drawn', () => {
  const none = new URLSearchParams();
  it('are the home, the plain conversation list and a post page', () => {
    expect(firstScreenPageOf('/', none)).toEqual({ name: 'home' });
    expect(firstScreenPageOf('/home', none)).toEqual({ name: 'home' });
    expect(firstScreenPageOf('/messages', none)).toEqual({ name: 'messages' });
    expect(firstScreenPageOf('/post/a%20b', none)).toEqual({ name: 'post', postId: 'a b' });
  });

  it('leave to the app a link that asks it to act first, other paths and a malformed id', () => {
    const opening = new URLSearchParams('user=member-2');
    expect(firstScreenPageOf('/messages', opening)).toBeNull();
    expect(firstScreenPageOf('/post/%E0%A4%A', none)).toBeNull();
    expect(firstScreenPageOf('/post/', none)).toBeNull();
    expect(firstScreenPageOf('/friends', none)).toBeNull();
  });
});

describe('the rows a drawn page holds', () => {
  it('are all of them up to the bound, and none past it (the app asks for them)', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => index);
    expect(drawnRows(rows(FIRST_SCREEN_MOST_ROWS))).toHaveLength(FIRST_SCREEN_MOST_ROWS);
    expect(drawnRows(rows(FIRST_SCREEN_MOST_ROWS + 1))).toBeNull();
  });
});

describe('drawn markup before the app takes over', () => {
  it('takes no input: controls disabled, links left as links', () => {
    expect(
      waitingForApp('<button type="button">Like</button><input id="q"/><a href="/x">x</a>'),
    ).toBe(
      '<button disabled="" type="button">Like</button><input disabled="" id="q"/><a href="/x">x</a>',
    );
  });
});
