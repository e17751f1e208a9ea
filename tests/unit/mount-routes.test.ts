import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { requestTimings, timeRequests } from '../../server/domains/monitoring/request-timing';
import { mountRoutes } from '../../server/http/mount-routes';
import { defineRoute, type AnyRouteSpec } from '../../server/http/route-spec';

/** A public route that answers which route it is and the parameters it was given. */
function route(method: 'get' | 'post', path: string, params?: z.ZodType): AnyRouteSpec {
  return defineRoute({
    method,
    path,
    summary: path,
    auth: 'public',
    params: (params ?? z.object({})) as z.ZodObject<Record<string, never>>,
    responses: { 200: z.unknown() },
    async handler({ params: given }, _req, res) {
      res.json({ route: `${method} ${path}`, params: given });
    },
  });
}

function appWith(routes: AnyRouteSpec[]) {
  const app = express();
  const api = express.Router();
  api.use(timeRequests);
  mountRoutes(api, routes);
  api.use((_req, res) => res.status(404).json({ unmatched: true }));
  app.use('/api', api);
  return app;
}

const id = z.object({ id: z.string() });

describe('mountRoutes', () => {
  const app = appWith([
    route('get', '/posts/mine'),
    route('get', '/posts/:id', id),
    route('post', '/posts/:id/like', id),
    route('get', '/posts'),
    route('get', '/me'),
    route('get', '/me/badges'),
    route('get', '/:id', id),
  ]);

  it('finds each route under its first segment, literal paths before parameter ones', async () => {
    const answers = await Promise.all(
      ['/api/posts/mine', '/api/posts/7', '/api/posts', '/api/me', '/api/me/badges'].map(
        async (url) => (await request(app).get(url).expect(200)).body.route,
      ),
    );
    expect(answers).toEqual([
      'get /posts/mine',
      'get /posts/:id',
      'get /posts',
      'get /me',
      'get /me/badges',
    ]);
    const like = await request(app).post('/api/posts/7/like').expect(200);
    expect(like.body).toEqual({ route: 'post /posts/:id/like', params: { id: '7' } });
  });

  it('leaves what no route of a segment takes to the routes after, then to what follows', async () => {
    expect((await request(app).get('/api/other').expect(200)).body).toEqual({
      route: 'get /:id',
      params: { id: 'other' },
    });
    expect((await request(app).get('/api/posts/7/comments').expect(404)).body).toEqual({
      unmatched: true,
    });
    expect((await request(app).get('/api/me/badges/more').expect(404)).body.unmatched).toBe(true);
  });

  it('times each request under its route’s whole pattern, a segment’s root without a slash', async () => {
    requestTimings.take();
    for (const url of ['/api/posts/7', '/api/posts/8', '/api/me', '/api/nowhere/at/all']) {
      await request(app).get(url);
    }
    expect(
      requestTimings
        .take()
        .map((stats) => [stats.route, stats.count])
        .sort(),
    ).toEqual([
      ['GET (unmatched)', 1],
      ['GET /api/me', 1],
      ['GET /api/posts/:id', 2],
    ]);
  });

  it('refuses a literal route after one whose path starts with a parameter', () => {
    expect(() => appWith([route('get', '/:id', id), route('get', '/posts')])).toThrow(
      'get /posts must be mounted before /:id',
    );
  });
});
