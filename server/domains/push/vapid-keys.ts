import { createECDH } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';

const SECRET_NAME = 'vapid';

/** The server's identity to push services (RFC 8292): a P-256 key pair, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact the push services may write to about this server. */
  subject: string;
}

function newKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  // A private key whose leading bytes are zero comes out short; the protocol wants 32 bytes.
  const privateKey = Buffer.concat([Buffer.alloc(32 - key.length), key]);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

/** The contact sent with every push: the configured one, else the site when it is https. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'publicUrl'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  return config.publicUrl.startsWith('https:') ? config.publicUrl : 'mailto:push@agora.invalid';
}

/**
 * The deployment's VAPID keys: from the configuration when it gives them, else made by the first
 * server to start and kept in `server_secrets`, so every server signs alike and browsers'
 * subscriptions, which are bound to the public key, outlive restarts.
 */
export class VapidKeyStore {
  private keys: VapidKeys | null = null;

  async load(
    db: Db,
    config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'publicUrl'>,
  ): Promise<void> {
    const subject = vapidSubject(config);
    if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
      this.keys = {
        publicKey: config.VAPID_PUBLIC_KEY,
        privateKey: config.VAPID_PRIVATE_KEY,
        subject,
      };
      return;
    }
    const made = newKeyPair();
    await db
      .insertInto('server_secrets')
      .values({
        name: SECRET_NAME,
        value: JSON.stringify(made),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.value) as { publicKey: string; privateKey: string };
    this.keys = { ...kept, subject };
  }

  get current(): VapidKeys {
    if (!this.keys) throw new Error('The VAPID keys are used before the server started');
    return this.keys;
  }
}
