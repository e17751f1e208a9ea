import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig, REQUIRED_IN_PRODUCTION } from '../../server/config';

interface Compose {
  services: Record<
    string,
    { environment?: Record<string, string>; ports?: string[]; build?: unknown }
  >;
}

const compose = parse(
  readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8'),
) as Compose;

describe('docker-compose.yml', () => {
  const app = compose.services.app!;

  it('runs Postgres, the app built from the Dockerfile, and a mail catcher', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mailpit', 'postgres']);
    expect(app.build).toBe('.');
    expect(app.ports).toContain('8080:8080');
  });

  it('sets every variable the app requires, with values the app accepts', () => {
    const env = app.environment ?? {};
    for (const name of REQUIRED_IN_PRODUCTION) expect(env[name]).toBeTruthy();
    expect(env.NODE_ENV).toBe('production');
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('points the app at the compose Postgres with its credentials', () => {
    const pg = compose.services.postgres!.environment!;
    const url = new URL(app.environment!.DATABASE_URL!);
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe(pg.POSTGRES_USER);
    expect(url.password).toBe(pg.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
  });
});
