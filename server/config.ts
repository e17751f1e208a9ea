import { z } from 'zod';

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
    PUBLIC_URL: z.url().optional(),
    AUTH_GUARD: flag.default(true),
    ENABLE_TEST_ROUTES: flag.default(false),
    SERVE_WEB: flag.default(true),
    DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
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
  return { ...value, publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}` };
}
