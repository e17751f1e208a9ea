import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/schema';

const SECRET_NAME = 'file-urls';

const mac = (secret: Buffer, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Signs and checks the URLs and upload tokens that stand in for a session: a private file's
 * link, a download link, a presigned upload. Every server of a deployment signs with the same
 * secret, made once and kept in the database.
 */
export class UrlSigner {
  private key: Buffer | null;

  constructor(secret?: Buffer) {
    this.key = secret ?? null;
  }

  /** Reads the deployment's secret, making it if this is the first server ever to start. */
  async load(db: Db): Promise<void> {
    await db
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow();
    this.key = Buffer.from(row.value, 'base64');
  }

  private get secret(): Buffer {
    if (!this.key) throw new Error('The URL signer is used before the server started');
    return this.key;
  }

  /** `exp` is in seconds since the epoch. */
  signKey(key: string, exp: number, purpose: 'read' | 'download'): string {
    return mac(this.secret, `${purpose}\n${key}\n${exp}`);
  }

  verifyKey(
    key: string,
    exp: number,
    purpose: 'read' | 'download',
    signature: string,
    now = Date.now(),
  ): boolean {
    if (!Number.isSafeInteger(exp) || exp * 1000 < now) return false;
    return same(this.signKey(key, exp, purpose), signature);
  }

  /** A token carrying `payload`, readable by anyone, forgeable by no one. */
  seal(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${mac(this.secret, `token\n${body}`)}`;
  }

  open(token: string): unknown {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    if (!same(mac(this.secret, `token\n${body}`), signature)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    } catch {
      return null;
    }
  }
}
