import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { SESSION_COOKIE } from '../../shared/constants';
import { prerenderedFile } from '../../shared/prerendered';
import { staticWeb } from '../../server/http/static-web';

let web: string;
let app: express.Express;

beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'agora-static-web-'));
  await mkdir(path.join(web, 'prerendered'));
  await writeFile(path.join(web, 'index.html'), '<div id="root">loading</div>');
  await writeFile(path.join(web, 'prerendered', 'login.html'), '<div id="root">sign in</div>');
  app = express().use(staticWeb(web));
});

afterAll(async () => {
  await rm(web, { recursive: true, force: true });
});

describe('a visitor page drawn at build time', () => {
  it('is sent for its path to a visitor, revalidated like index.html', async () => {
    const res = await request(app).get('/login').expect(200);
    expect(res.text).toBe('<div id="root">sign in</div>');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('is not sent to a request with a session, which the app may send on: it gets index.html', async () => {
    const res = await request(app)
      .get('/login')
      .set('cookie', `${SESSION_COOKIE}=some-token`)
      .expect(200);
    expect(res.text).toBe('<div id="root">loading</div>');
  });

  it('leaves every other path of the app to index.html', async () => {
    const odd = ['/login%00', '/%2e%2e/login', '/login%2F..', '/.login', '/%E0%A4%A'];
    for (const route of ['/', '/home', '/create-account', '/login/extra', '/prerendered', ...odd]) {
      expect((await request(app).get(route).expect(200)).text).toBe('<div id="root">loading</div>');
    }
  });
});

describe('the file of a page drawn ahead', () => {
  it('is named by its path; the root has none', () => {
    expect(prerenderedFile('/login')).toBe('prerendered/login.html');
    expect(prerenderedFile('create-account')).toBe('prerendered/create-account.html');
    expect(prerenderedFile('/')).toBeNull();
    expect(prerenderedFile('')).toBeNull();
  });
});
