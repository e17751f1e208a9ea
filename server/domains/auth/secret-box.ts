import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/schema';

const SECRET_NAME = 'two-factor-secrets';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Makes the deployment's key if this is the first server ever to start (the module's start). */
export async function ensureSecretBoxKey(db: Db): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Seals the members' TOTP secrets with AES-256-GCM under a key every server of the deployment
 * shares, made by the first server to start and kept in `server_secrets`: the events carry only the sealed form, so the
 * log (and a backup of it) does not give anyone a member's second factor.
 */
export class SecretBox {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  private load(): Promise<Buffer> {
    this.key ??= (async () => {
      const row = await this.db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', SECRET_NAME)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.load(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Null when the sealed text was not sealed with this deployment's key. */
  async open(sealed: string): Promise<string | null> {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await this.load(),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
