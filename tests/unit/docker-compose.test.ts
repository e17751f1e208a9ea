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

  it('runs Postgres, the app built from the Dockerfile, a mail catcher and MinIO', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'app',
      'mailpit',
      'minio',
      'minio-setup',
      'postgres',
    ]);
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

  it('stores files in the compose MinIO, in the bucket the setup service makes', () => {
    const env = app.environment!;
    const minio = compose.services.minio!.environment!;
    const config = loadConfig(env);
    expect(config.STORAGE_DRIVER).toBe('s3');
    expect(new URL(env.S3_ENDPOINT!).hostname).toBe('minio');
    expect(env.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
    expect(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8')).toContain(
      `local/${config.S3_BUCKET}`,
    );
  });
});
