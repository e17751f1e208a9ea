import { z } from 'zod';
import { iceServerSchema } from '../shared/calls';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    /** Restarts in a row of an embedded Postgres that stopped under the server, before giving up. */
    EMBEDDED_PG_MAX_RESTARTS: z.coerce.number().int().min(0).max(100).default(5),
    PUBLIC_URL: z.url().optional(),
    // Which proxies' X-Forwarded-For to believe for the client's address (Express `trust proxy`):
    // loopback for a proxy on the same host, `loopback, uniquelocal` behind a container network.
    TRUST_PROXY: z.string().min(1).default('loopback'),
    AUTH_GUARD: flag.default(true),
    ENABLE_TEST_ROUTES: flag.default(false),
    SERVE_WEB: flag.default(true),
    DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    /**
     * Streaming replicas of DATABASE_URL, comma-separated: reads of read models go to one that
     * has replayed the member's last commit (docs/operations.md). Unset, every read is the primary's.
     */
    DATABASE_REPLICA_URLS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must be postgres:// connection URLs')),
      ),
    /** A replica further behind the primary than this (WAL bytes or seconds) leaves rotation. */
    REPLICA_MAX_LAG_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(16 * 1024 ** 2),
    REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).default(30),
    /** How often each process asks every replica how far it has replayed (ms). */
    REPLICA_POLL_MS: z.coerce.number().int().min(5).max(10_000).default(25),
    /** The longest a read waits for a replica to replay its member's last commit (ms). */
    REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(1000).default(40),
    /** A replica that stopped answering is asked again after this, doubling up to the max (ms). */
    REPLICA_RETRY_BASE_MS: z.coerce.number().int().min(10).default(500),
    REPLICA_RETRY_MAX_MS: z.coerce.number().int().min(10).default(30_000),
    /** Commands' writes that arrive while one is being written share its next commit. */
    COMMAND_BATCHING: flag.default(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Server log lines at or above this level are also stored for the log viewer. */
    LOG_CAPTURE_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Monitoring events and performance metrics older than this are pruned. */
    MONITORING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** The alert rule raises when more error events than this arrive within one minute. */
    ALERT_ERROR_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** How often this process evaluates the alert rules (ms). */
    ALERT_EVALUATION_MS: z.coerce.number().int().min(1000).default(15_000),
    LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    /** Abuse limits, counted in Postgres for every process (docs/abuse-limits.md); 0 is none. */
    SIGN_UPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(0).default(10),
    RESETS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(0).default(20),
    RESETS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).default(5),
    /** Downloads of a member's data per member: each one reads all of it and every file. */
    EXPORTS_PER_MEMBER_PER_HOUR: z.coerce.number().int().min(0).default(3),
    /** Two-factor codes tried per client per hour, across sign-in challenges; 0 is none. */
    TWO_FACTOR_CODES_PER_HOUR: z.coerce.number().int().min(0).default(30),
    /** Personal access tokens a member may hold at once (revoked and expired ones not counted). */
    API_TOKENS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(20),
    /** The longest life a personal access token may be given, in days; 0 lets one never expire. */
    API_TOKEN_MAX_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
    /** Unusable bearer tokens one client may present an hour, REST and sockets; 0 is none. */
    API_TOKEN_FAILURES_PER_HOUR: z.coerce.number().int().min(0).default(30),
    /** A password older than this many days must be changed before anything else; 0 is off. */
    PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
    /** How often each process removes the presence rows of processes that stopped heartbeating. */
    PRESENCE_SWEEP_MS: z.coerce.number().int().min(100).default(15_000),
    /**
     * A post's counts are pushed to its watchers at most once per this many ms after the last
     * push: a hot post's likes fold into one push with the newest count (docs/performance.md).
     */
    POST_COUNTS_PUSH_WINDOW_MS: z.coerce.number().int().min(0).max(1000).default(50),
    /** How often each process writes the post views and content analytics it counted (ms). */
    POST_VIEWS_FLUSH_MS: z.coerce.number().int().min(100).default(5000),
    /** Days a trashed post is kept before the cleanup purges it for good. */
    CONTENT_TRASH_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /**
     * Home timelines: an author with more followers than this is not fanned out; their posts
     * are merged into their readers' feeds at read time. Stored in the database at start, so
     * every process and a rebuild use the value of the last process started.
     */
    FANOUT_MAX_FOLLOWERS: z.coerce.number().int().min(0).default(10_000),
    /** The newest posts each home timeline keeps; past them the feed reads authors' indexes. */
    TIMELINE_MAX_POSTS: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** Positions per partition of the event log; a change applies to partitions made after it. */
    EVENT_PARTITION_SPAN: z.coerce.number().int().min(1).default(1_000_000),
    /** Spans of positions past the newest event that always have partitions (the margin). */
    EVENT_PARTITIONS_AHEAD: z.coerce.number().int().min(1).max(100).default(2),
    /** How often each process checks that the margin of partitions is there (ms). */
    EVENT_PARTITION_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
    /** Analytics units one member may add to one post per hour (`POST /content/{id}/analytics`); 0 is none. */
    CONTENT_METRICS_PER_HOUR: z.coerce.number().int().min(0).default(1000),
    /** The third-party ad network's client id (`ca-pub-` and digits); unset, it stays off. */
    ADSENSE_CLIENT_ID: z
      .string()
      .regex(/^ca-pub-[0-9]{10,20}$/, 'must be an ad network client id like ca-pub-1234567890')
      .optional(),
    /** Ad revenue: the price of a thousand impressions and of one click, in ADS_CURRENCY. */
    ADS_PRICE_PER_THOUSAND: z.coerce.number().min(0).max(1_000_000).default(2.5),
    ADS_PRICE_PER_CLICK: z.coerce.number().min(0).max(1_000_000).default(0.4),
    ADS_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD')
      .default('USD'),
    /** Ad impressions and clicks one member may send per minute; 0 is no limit. */
    ADS_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).default(240),
    /** How often each process writes the ad impressions and clicks it counted (ms). */
    ADS_METRICS_FLUSH_MS: z.coerce.number().int().min(100).default(5000),
    /** Events starting within this many hours get their attendees' reminder email. */
    EVENT_REMINDER_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** How often each process looks for event reminders that are due (ms). */
    EVENT_REMINDER_CHECK_MS: z.coerce.number().int().min(1000).default(300_000),
    /** Email: SMTP when set (e.g. smtp://mailpit:1025), else the local capture table. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().min(3).default('Agora <no-reply@agora.local>'),
    EMAIL_WORKER: flag.default(true),
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
    EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
    EMAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
    EMAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    EMAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
    EMAIL_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
    /** Backups: files go here (default `<DATA_DIR>/backups`). */
    BACKUP_DIR: z.string().min(1).optional(),
    /** AES-256-GCM key for encrypted backups: 32 bytes as 64 hex digits or base64. */
    BACKUP_ENCRYPTION_KEY: z
      .string()
      .refine(
        (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32,
        'must be 32 bytes as 64 hex digits or base64',
      )
      .optional(),
    BACKUP_STORAGE_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(10 * 1024 ** 3),
    /** Caps how fast a backup reads the log (events per second, 0 = no cap) to spare the disk. */
    BACKUP_MAX_EVENTS_PER_SECOND: z.coerce.number().int().min(0).default(0),
    BACKUP_WORKER: flag.default(true),
    /** Where file bytes live: this machine's disk (under FILES_DIR) or an S3-compatible bucket. */
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    /** Disk storage's folder (default `<DATA_DIR>/files`). */
    FILES_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(3).max(63).default('agora-files'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** An S3-compatible server (MinIO): absent for AWS itself. */
    S3_ENDPOINT: z.url().optional(),
    /** The endpoint as browsers reach it, for signed URLs, when it differs from S3_ENDPOINT. */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(true),
    /** Public file URLs are this plus the key (default: this server's `/cdn/`). */
    CDN_BASE_URL: z.url().optional(),
    /**
     * Entries each per-process cache of read models keeps (files, blocks and sessions for `/cdn`;
     * the live relay drops what changes); 0 reads Postgres on every request.
     */
    RELAYED_CACHE_ENTRIES: z.coerce.number().int().min(0).default(10_000),
    /** Bytes of small stored objects (variants, thumbnails) each process keeps in memory for `/cdn`. */
    MEDIA_HOT_CACHE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(32 * 1024 ** 2),
    /** With both set, a purge also asks Cloudflare to purge the zone's copies. */
    CLOUDFLARE_ZONE_ID: z.string().min(1).optional(),
    CLOUDFLARE_API_TOKEN: z.string().min(1).optional(),
    CLOUDFLARE_API_URL: z.url().default('https://api.cloudflare.com/client/v4'),
    MEDIA_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(104_857_600),
    MEDIA_MAX_FILES_PER_REQUEST: z.coerce.number().int().min(1).max(100).default(10),
    /** Comma-separated patterns (`image/*`, `application/pdf`). */
    MEDIA_ALLOWED_TYPES: z
      .string()
      .default('image/*,video/*,audio/*,application/pdf,text/*')
      .transform((v) =>
        v
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    /**
     * Test-only: the one `ip:port` the link preview fetcher may reach although it is loopback or
     * private (the HTTP server an integration test starts). An IP literal, so no DNS answer can
     * point it elsewhere; every other address of that host stays refused. Refused in production.
     */
    LINK_PREVIEW_TEST_ORIGIN: z
      .string()
      .regex(/^(\d{1,3}(\.\d{1,3}){3}):\d{1,5}$/, 'must be an IPv4 address and port, ip:port')
      .optional(),
    /**
     * The VAPID key pair Web Push is signed with (base64url, as `web-push generate-vapid-keys`
     * prints them). Without them the first server makes a pair and keeps it in the database.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a 32-byte P-256 private key, base64url')
      .optional(),
    /** The contact push services may write to: `mailto:` or an https URL (default: PUBLIC_URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL')
      .optional(),
    PUSH_WORKER: flag.default(true),
    PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
    PUSH_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
    PUSH_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
    /**
     * Test-only: the one `ip:port` a push subscription's endpoint may name over plain http (the
     * push service an integration test starts on loopback). Refused in production.
     */
    WEB_PUSH_TEST_ORIGIN: z
      .string()
      .regex(/^(\d{1,3}(\.\d{1,3}){3}):\d{1,5}$/, 'must be an IPv4 address and port, ip:port')
      .optional(),
    /** How many link previews one member's editor may ask for per minute (`GET /link-previews`). */
    LINK_PREVIEWS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
    /**
     * STUN and TURN servers for calls, as JSON (`[{"urls":"stun:stun.example.org:3478"}]`), given
     * to both parties' peer connections. None by default: host candidates connect on one network.
     */
    ICE_SERVERS: z
      .string()
      .default('[]')
      .transform((raw, ctx) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
          return z.NEVER;
        }
        const servers = z.array(iceServerSchema).safeParse(parsed);
        if (!servers.success) {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
          return z.NEVER;
        }
        return servers.data;
      }),
    /** How long a call rings before it is missed. */
    CALL_RING_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /** How many bytes of files each member may keep. */
    MEDIA_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(5 * 1024 ** 3),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are given together or not at all',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
    }
    if (env.LINK_PREVIEW_TEST_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_PREVIEW_TEST_ORIGIN'],
        message: 'a test origin for link previews is refused in production',
      });
    }
    if (env.WEB_PUSH_TEST_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_PUSH_TEST_ORIGIN'],
        message: 'a test origin for Web Push is refused in production',
      });
    }
    if (env.ENABLE_TEST_ROUTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENABLE_TEST_ROUTES'],
        message: 'test routes are refused in production',
      });
    }
  });

/** Variables a production deployment must set (docker-compose.yml is checked against this). */
export const REQUIRED_IN_PRODUCTION = ['DATABASE_URL', 'PUBLIC_URL'] as const;

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  publicUrl: string;
  /** Public file URLs start with this; it ends with `/`. */
  cdnBaseUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const value = parsed.data;
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  const cdnBase = value.CDN_BASE_URL ?? `${publicUrl}/cdn/`;
  return { ...value, publicUrl, cdnBaseUrl: cdnBase.endsWith('/') ? cdnBase : `${cdnBase}/` };
}
