import nodemailer from 'nodemailer';
import type { Db } from '../../db/schema';

export interface OutgoingEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
}

/** Where the worker hands emails; a rejection is a failed try, retried with backoff. */
export interface EmailTransport {
  name: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

// Well under the claim timeout, so a hung server cannot let another worker reclaim and resend.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export function smtpTransport(url: string): EmailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    name: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: `<${email.id}@agora.local>`,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP the embedded default keeps what it would have sent in `email_captured`, which
 * the dashboard shows. Keyed by the outbox id, so a repeated try stores it once.
 */
export function captureTransport(db: Db): EmailTransport {
  return {
    name: 'capture',
    async send(email) {
      await db
        .insertInto('email_captured')
        .values({
          id: email.id,
          sender: email.from,
          recipient: email.to,
          subject: email.subject,
          html_body: email.html,
          text_body: email.text,
          template: email.template,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async close() {},
  };
}

export function createTransport(config: { SMTP_URL?: string | undefined }, db: Db): EmailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : captureTransport(db);
}
