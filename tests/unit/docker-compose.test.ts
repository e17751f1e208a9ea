import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig, REQUIRED_IN_PRODUCTION } from '../../server/config';
import { SOCKET_OPTIONS } from '../../web/features/connection/socketOptions';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const compose = parse(read('docker-compose.yml')) as Compose;
const APPS = ['app-1', 'app-2', 'app-3'] as const;

/** `host:container` of a bind mount, by container path. */
function mounts(service: Service): Map<string, string> {
  return new Map(
    (service.volumes ?? []).map((volume) => {
      const [source, target] = volume.split(':');
      return [target!, source!];
    }),
  );
}

describe('docker-compose.yml', () => {
  const apps = APPS.map((name) => compose.services[name]!);
  const nginx = compose.services.nginx!;

  it('runs a Postgres primary and replica, three app processes built from the Dockerfile, nginx before them, a mail catcher and MinIO', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'app-1',
      'app-2',
      'app-3',
      'mailpit',
      'minio',
      'minio-setup',
      'nginx',
      'postgres',
      'postgres-replica',
    ]);
    for (const app of apps) expect(app.build).toBe('.');
    // The same service three times: whatever one is given, so are the others.
    for (const app of apps) expect(app).toEqual(apps[0]);
  });

  it('sets every variable the app requires, with values the app accepts', () => {
    for (const app of apps) {
      const env = app.environment ?? {};
      for (const name of REQUIRED_IN_PRODUCTION) expect(env[name]).toBeTruthy();
      expect(env.NODE_ENV).toBe('production');
      expect(() => loadConfig(env)).not.toThrow();
    }
  });

  it('points the apps at the compose Postgres with its credentials', () => {
    const pg = compose.services.postgres!.environment!;
    for (const app of apps) {
      const url = new URL(app.environment!.DATABASE_URL!);
      expect(url.hostname).toBe('postgres');
      expect(url.username).toBe(pg.POSTGRES_USER);
      expect(url.password).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    }
  });

  it('streams the primary to a replica with the official image and its own tools, and reads from it', () => {
    const primary = compose.services.postgres!;
    const replica = compose.services['postgres-replica']!;
    expect(replica.image).toBe(primary.image);
    expect(replica.image).toMatch(/^postgres:/);
    expect(replica.depends_on?.postgres?.condition).toBe('service_healthy');
    // The primary's init hook makes the role the replica connects as, with the same password.
    const init = mounts(primary).get('/docker-entrypoint-initdb.d/replication.sh')!;
    const initScript = read(init.replace(/^\.\//, ''));
    expect(initScript).toContain('create role replicator with replication login');
    expect(initScript).toContain('host replication replicator all');
    expect(replica.environment!.PGPASSWORD).toBe(primary.environment!.REPLICATION_PASSWORD);
    // The replica clones the primary with pg_basebackup -R, then starts as a hot standby.
    const entrypoint = mounts(replica).get('/usr/local/bin/replica-entrypoint.sh')!;
    const script = read(entrypoint.replace(/^\.\//, ''));
    expect(script).toContain('pg_basebackup --host="$PRIMARY_HOST" --username=replicator');
    expect(script).toContain('--write-recovery-conf');
    expect(script).toContain('exec docker-entrypoint.sh postgres');
    expect(replica.environment!.PRIMARY_HOST).toBe('postgres');
    // Every app reads from it, with the primary's credentials (a standby has the same roles).
    const pgEnv = primary.environment!;
    for (const app of apps) {
      const urls = loadConfig(app.environment!).DATABASE_REPLICA_URLS;
      expect(urls).toHaveLength(1);
      const url = new URL(urls[0]!);
      expect(url.hostname).toBe('postgres-replica');
      expect(url.username).toBe(pgEnv.POSTGRES_USER);
      expect(url.password).toBe(pgEnv.POSTGRES_PASSWORD);
      expect(url.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);
      // Reads fall back to the primary while the replica is away: the apps do not wait for it.
      expect(app.depends_on?.['postgres-replica']?.condition).toBe('service_started');
    }
  });

  it('serves members only through nginx, at the public URL the apps are told', () => {
    for (const app of apps) expect(app.ports).toBeUndefined();
    expect(nginx.image).toMatch(/^nginx:/);
    const publicUrl = new URL(apps[0]!.environment!.PUBLIC_URL!);
    expect(nginx.ports).toEqual([`${publicUrl.port}:80`]);
    for (const name of APPS) expect(nginx.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  it('gives every app one backups folder, where they write them', () => {
    for (const app of apps) {
      expect(mounts(app).get(app.environment!.BACKUP_DIR!)).toBe('backups');
    }
    expect(Object.keys(compose.volumes)).toContain('backups');
  });

  it('stores files in the compose MinIO, in the bucket the setup service makes', () => {
    const env = apps[0]!.environment!;
    const minio = compose.services.minio!.environment!;
    const config = loadConfig(env);
    expect(config.STORAGE_DRIVER).toBe('s3');
    expect(new URL(env.S3_ENDPOINT!).hostname).toBe('minio');
    expect(env.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
    expect(read('docker-compose.yml')).toContain(`local/${config.S3_BUCKET}`);
  });
});

describe('the nginx configuration', () => {
  const nginx = compose.services.nginx!;
  const source = mounts(nginx).get('/etc/nginx/conf.d/default.conf');
  const config = () => read(source!.replace(/^\.\//, ''));

  it('is the file in the repository that compose mounts', () => {
    expect(source).toBe('./server/deploy/nginx.conf');
    expect(existsSync(new URL(`../../${source}`, import.meta.url))).toBe(true);
  });

  it('balances over exactly the three app services, on the port they listen on', () => {
    const upstream = /upstream agora \{([^}]*)\}/.exec(config())![1]!;
    const servers = [...upstream.matchAll(/^\s*server (\S+)/gm)].map((m) => m[1]);
    const port = compose.services['app-1']!.environment!.PORT;
    expect(servers).toEqual(APPS.map((name) => `${name}:${port}`));
    expect(config()).toMatch(/^\s*listen 80;/m);
    expect(config()).toContain('proxy_pass http://agora;');
  });

  it('passes WebSocket upgrades and the Host the Origin checks compare with', () => {
    const text = config();
    expect(text).toContain('proxy_http_version 1.1;');
    expect(text).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(text).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(text).toContain('proxy_set_header Host $http_host;');
    // A location that set a header of its own would drop every one set for the server.
    for (const location of text.matchAll(/location [^{]*\{([^}]*)\}/g)) {
      expect(location[1]).not.toContain('proxy_set_header');
    }
  });

  it('has no sticky sessions, so the web client must not long-poll', () => {
    expect(config()).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
    expect(SOCKET_OPTIONS).toMatchObject({ transports: ['websocket'] });
  });
});
