import request from 'supertest';
import { toOpenApiPath } from '../../server/http/openapi/express-path';
import { openApiProblems } from '../support/openapi-validation';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();

const api = () => request(stack.server.url);

/** `Router#listRoutes()` of Express 5's router (2.3 and later): routes and mounted routers. */
interface RouteListing {
  listRoutes(): Array<{ path: string | RegExp; methods?: string[]; router?: RouteListing }>;
}

/** A route path as the document writes it; one it cannot convert stays as it is, to be reported. */
function documentedForm(path: string): string {
  try {
    return toOpenApiPath(path);
  } catch {
    return path;
  }
}

/** `METHOD /path` of every route `router` answers, through the routers mounted on it. */
function mountedRoutes(router: RouteListing, prefix = ''): string[] {
  return router.listRoutes().flatMap(({ path, methods = [], router: mounted }) => {
    if (mounted) return mountedRoutes(mounted, path === '/' ? prefix : `${prefix}${String(path)}`);
    // Express answers HEAD for every GET by itself; the document lists the GET.
    const own = methods.filter((m) => m !== 'HEAD' || !methods.includes('GET'));
    // A route at the root of a router mounted at a path is that path.
    const whole = path === '/' && prefix ? prefix : prefix + String(path);
    return own.map((m) => `${m === '*' ? 'ALL' : m} ${documentedForm(whole)}`);
  });
}

function apiRouter(): RouteListing {
  const app = stack.server.app as unknown as { router: RouteListing };
  const api = app.router.listRoutes().find((entry) => entry.path === '/api')?.router;
  if (!api) throw new Error('no router mounted at /api');
  return api;
}

describe('the API describes itself', () => {
  it('serves a valid OpenAPI 3.1 document at /api/openapi.json', async () => {
    const res = await api().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(await openApiProblems(res.body)).toEqual([]);
  });

  it('documents exactly the routes Express mounted under /api', async () => {
    const res = await api().get('/api/openapi.json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const mounted = [...new Set(mountedRoutes(apiRouter()))];
    expect(mounted).toContain('GET /config');

    const undocumented = mounted.filter((route) => !documented.includes(route));
    const unmounted = documented.filter((route) => !mounted.includes(route));
    const report = [
      undocumented.length > 0 &&
        `${undocumented.length} mounted under /api but missing from /api/openapi.json ` +
          `(mount them as RouteSpecs through AppDeps.routes):\n  ${undocumented.join('\n  ')}`,
      unmounted.length > 0 &&
        `${unmounted.length} in /api/openapi.json but not mounted:\n  ${unmounted.join('\n  ')}`,
    ].filter(Boolean);
    if (report.length > 0) throw new Error(report.join('\n\n'));
  });

  it('serves a browsable reference at /api/docs whose files all load under the CSP', async () => {
    const page = await api().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('data-spec-url="/api/openapi.json"');
    // The same page with a trailing slash and a query names the same files.
    expect((await api().get('/api/docs/?from=menu').expect(200)).text).toBe(page.text);

    const scripts = [...page.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    // The policy runs no inline script: every script must be a file of this origin.
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/api\/docs\//);
    const files = [...page.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(files).toHaveLength(3);
    for (const file of files) {
      const res = await api().get(file).expect(200);
      expect(res.headers['content-type']).toMatch(
        file.endsWith('.css') ? /text\/css/ : /javascript/,
      );
      expect(res.text.length).toBeGreaterThan(0);
    }
    await api().get('/api/docs/package.json').expect(400);
  });
});
