import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import request from 'supertest';
import {
  EMAIL_VERIFICATION_TTL_MS,
  type EmailQueueStats,
  type EmailQueueView,
  type EmailTemplateView,
} from '../../shared/ops/email';
import { OPS_EVENTS } from '../../shared/ops/realtime';
import * as emailMigration from '../../migrations/20261123T120200-email';
import { PASSWORD_RESET_TTL_MS } from '../../shared/constants';
import { seedDefaultTemplates } from '../../server/domains/email/template-store';
import {
  defaultTemplates,
  friendRequestTemplate,
  newsletterTemplate,
  passwordResetTemplate,
} from '../../server/domains/email/templates';
import type { EmailTransport, OutgoingEmail } from '../../server/domains/email/transport';
import { EmailWorker, type EmailWorkerOptions } from '../../server/domains/email/worker';
import { eventually } from '../support/eventually';
import {
  as,
  queuedEmail,
  signUp,
  signUpOwnerAndMember,
  type TestMember,
} from '../support/factories';
import {
  openSocket,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';
import { queueEmailNow } from '../support/model';

jest.setTimeout(60_000);

// The server's own worker is off: each test drives workers it builds, with transports it watches.
const stack = useServerWithDatabase({ env: { EMAIL_WORKER: 'false' } });
const db = () => stack.database.db;

let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
});

beforeEach(async () => {
  await sql`delete from email_outbox`.execute(db());
});

const workers: EmailWorker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

function countingTransport(fail: (email: OutgoingEmail) => string | null = () => null) {
  const sent: OutgoingEmail[] = [];
  const transport: EmailTransport = {
    name: 'counting',
    async send(email) {
      const error = fail(email);
      if (error) throw new Error(error);
      sent.push(email);
    },
    async close() {},
  };
  return { sent, transport };
}

function worker(transport: EmailTransport, options: Partial<EmailWorkerOptions> = {}) {
  const created = new EmailWorker({
    db: db(),
    logger: pino({ level: 'silent' }),
    transport,
    from: 'Agora <no-reply@agora.local>',
    maxAttempts: 5,
    retryBaseMs: 1000,
    retryMaxMs: 60_000,
    batchSize: 10,
    pollMs: 50,
    claimTimeoutMs: 60_000,
    ...options,
  });
  workers.push(created);
  return created;
}

async function queue(count: number, priority: 'low' | 'normal' | 'high' = 'normal') {
  const ids: string[] = [];
  await db()
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        const id = await queueEmailNow(
          trx,
          friendRequestTemplate,
          `to${i}@example.com`,
          { senderName: `Sender ${i}`, profileUrl: 'http://localhost/p' },
          priority,
        );
        ids.push(id!);
      }
    });
  return ids;
}

async function outboxRow(id: string) {
  return db().selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('email worker', () => {
  it('two workers on one database deliver each of 200 emails exactly once', async () => {
    const ids = await queue(200);
    const a = countingTransport();
    const b = countingTransport();
    await Promise.all([
      worker(a.transport, { connectionString: stack.database.url }).start(),
      worker(b.transport, { connectionString: stack.database.url }).start(),
    ]);
    await eventually(async () => a.sent.length + b.sent.length >= 200);
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from email_outbox where status = 'sent'`.execute(db());
      return rows[0]!.n === 200;
    });
    const delivered = [...a.sent, ...b.sent].map((email) => email.id).sort();
    expect(delivered).toEqual([...ids].sort());
    expect(new Set(delivered).size).toBe(200);
    const stats = await as(stack.server, owner).get('/email/queue').expect(200);
    expect(stats.body).toMatchObject({ pending: 0, processing: 0, sent: 200, failed: 0 });
    expect(stats.body.progress).toBe(100);
  });

  it('is woken by a queued email at commit', async () => {
    const { sent, transport } = countingTransport();
    // A poll far longer than the test: only the NOTIFY can wake it in time.
    await worker(transport, { connectionString: stack.database.url, pollMs: 600_000 }).start();
    const [id] = await queue(1);
    await eventually(async () => sent.some((email) => email.id === id));
  });

  it('sends high before normal before low, oldest first within a priority', async () => {
    // One transaction each: rows of one transaction share its created_at.
    const twice = async (priority: 'low' | 'normal' | 'high') => [
      ...(await queue(1, priority)),
      ...(await queue(1, priority)),
    ];
    const low = await twice('low');
    const normal = await twice('normal');
    const high = await twice('high');
    const { sent, transport } = countingTransport();
    await worker(transport, { batchSize: 1 }).drain();
    expect(sent.map((email) => email.id)).toEqual([...high, ...normal, ...low]);
  });

  it('retries with exponential backoff, then fails after the last attempt with the error kept', async () => {
    const [id] = await queue(1);
    const { transport } = countingTransport(() => 'SMTP 451 try again later');
    const failing = worker(transport, { maxAttempts: 3, retryBaseMs: 1000 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await failing.drain();
      const row = await outboxRow(id!);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('SMTP 451 try again later');
      if (attempt < 3) {
        expect(row.status).toBe('pending');
        delays.push(row.next_attempt_at.getTime() - row.updated_at.getTime());
        // Not due yet: another drain leaves it alone.
        await failing.drain();
        expect((await outboxRow(id!)).attempts).toBe(attempt);
        await db()
          .updateTable('email_outbox')
          .set({ next_attempt_at: new Date(Date.now() - 1) })
          .where('id', '=', id!)
          .execute();
      } else {
        expect(row.status).toBe('failed');
      }
    }
    expect(delays).toEqual([1000, 2000]);
  });

  it('claims again a row left processing by a worker that died, but not a fresh claim', async () => {
    const [stale, fresh] = await queue(2);
    await db()
      .updateTable('email_outbox')
      .set({
        status: 'processing',
        claim_id: randomUUID(),
        claimed_at: new Date(Date.now() - 10 * 60_000),
        attempts: 1,
      })
      .where('id', '=', stale!)
      .execute();
    await db()
      .updateTable('email_outbox')
      .set({ status: 'processing', claim_id: randomUUID(), claimed_at: new Date(), attempts: 1 })
      .where('id', '=', fresh!)
      .execute();
    const { sent, transport } = countingTransport();
    await worker(transport, { claimTimeoutMs: 60_000 }).drain();
    expect(sent.map((email) => email.id)).toEqual([stale]);
    expect(await outboxRow(stale!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await outboxRow(fresh!)).status).toBe('processing');
  });

  it('hands the untried rest of its batch back when stopped mid-batch', async () => {
    const ids = await queue(3);
    let firstSend!: () => void;
    const started = new Promise<void>((resolve) => {
      firstSend = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const slow = worker({
      name: 'slow',
      async send(email) {
        firstSend();
        await held;
        sent.push(email.id);
      },
      async close() {},
    });
    await slow.start();
    await started;
    const stopping = slow.stop();
    release();
    await stopping;
    expect(sent).toHaveLength(1);
    const rest = await db()
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'claim_id'])
      .where(
        'id',
        'in',
        ids.filter((id) => id !== sent[0]),
      )
      .execute();
    expect(rest).toEqual([
      { status: 'pending', attempts: 0, claim_id: null },
      { status: 'pending', attempts: 0, claim_id: null },
    ]);
  });

  it('keeps counts exact across every change', async () => {
    await queue(3);
    const { transport } = countingTransport((email) =>
      email.to === 'to0@example.com' ? 'x' : null,
    );
    await worker(transport, { maxAttempts: 1 }).drain();
    const { rows } = await sql<EmailQueueStats>`select * from email_queue_stats`.execute(db());
    expect(rows[0]).toMatchObject({ pending: 0, processing: 0, sent: 2, failed: 1 });
  });
});

describe('email API', () => {
  it('refuses members every operator route with 403', async () => {
    const memberApi = as(stack.server, member);
    const message = 'This needs an owner account.';
    for (const res of [
      await memberApi.get('/email/queue'),
      await memberApi.get('/email/templates'),
      await memberApi.get('/email/captured'),
      await memberApi.post('/email/send', {
        recipient: 'a@example.com',
        template: 'Newsletter',
        data: {},
      }),
      await memberApi.put('/email/templates/Newsletter', {
        subject: 'x',
        htmlTemplate: 'x',
        textTemplate: 'x',
        isActive: true,
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(message);
    }
    expect(await db().selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });

  it('reports an empty queue as 100% done', async () => {
    const res = await as(stack.server, owner).get('/email/queue').expect(200);
    expect(res.body as EmailQueueView).toMatchObject({
      pending: 0,
      processing: 0,
      sent: 0,
      failed: 0,
      total: 0,
      progress: 100,
      recent: [],
    });
  });

  it('queues a test email and pushes the new counts to an owner socket', async () => {
    const socket = openSocket(stack.server.url, owner.cookie);
    try {
      await waitForConnect(socket);
      const before = (await as(stack.server, owner).get('/email/queue').expect(200))
        .body as EmailQueueView;
      const pushed = waitForEvent<EmailQueueStats>(
        socket,
        OPS_EVENTS.queue,
        (stats) => stats.version > before.version,
      );
      const res = await as(stack.server, owner)
        .post('/email/send', {
          recipient: 'ana@example.com',
          template: 'Security Alert',
          data: { alertMessage: 'New sign-in', accountUrl: 'http://localhost/settings' },
          priority: 'high',
        })
        .expect(201);
      expect(res.body).toMatchObject({
        recipient: 'ana@example.com',
        template: 'Security Alert',
        priority: 'high',
        status: 'pending',
        attempts: 0,
      });
      expect(await pushed).toMatchObject({ pending: 1, total: 1, progress: 0 });
    } finally {
      socket.close();
    }
  });

  it('answers bad sends 400 and writes nothing', async () => {
    const ownerApi = as(stack.server, owner);
    const good = {
      recipient: 'ana@example.com',
      template: 'Maintenance Notice',
      data: { maintenanceWindow: 'Sunday 2-4 UTC', statusUrl: 'http://status' },
    };
    for (const body of [
      { ...good, recipient: 'not-an-email' },
      { ...good, template: '' },
      { ...good, template: 'No Such Template' },
      { ...good, data: { maintenanceWindow: 'Sunday' } },
      { ...good, data: { ...good.data, extra: 'x' } },
      { ...good, priority: 'urgent' },
    ]) {
      const res = await ownerApi.post('/email/send', body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toBeDefined();
    }
    expect(await db().selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });
});

describe('templates', () => {
  const edit = (name: string, body: object) =>
    as(stack.server, owner).put(`/email/templates/${encodeURIComponent(name)}`, body);

  it('lists the eight spec templates and the acceptance one, with their variables', async () => {
    const res = await as(stack.server, owner).get('/email/templates').expect(200);
    const templates = res.body.templates as EmailTemplateView[];
    expect(templates.map((t) => [t.name, t.variables, t.category])).toEqual([
      ['Email Verification', ['verificationUrl', 'email'], 'auth'],
      ['Password Reset', ['resetUrl', 'email'], 'auth'],
      ['Friend Request', ['senderName', 'profileUrl'], 'social'],
      ['Friend Request Accepted', ['accepterName', 'profileUrl'], 'social'],
      ['Content Shared', ['sharerName', 'contentTitle', 'contentUrl'], 'social'],
      ['Like Notification', ['likerName', 'postTitle', 'postUrl'], 'social'],
      ['Security Alert', ['alertMessage', 'accountUrl'], 'system'],
      ['Maintenance Notice', ['maintenanceWindow', 'statusUrl'], 'system'],
      ['Newsletter', ['newsletterTitle', 'newsletterContent', 'unsubscribeUrl'], 'marketing'],
      ['Community Invitation', ['inviterName', 'communityName', 'communityUrl'], 'social'],
      ['Event Reminder', ['eventTitle', 'eventStart', 'eventLocation', 'eventUrl'], 'social'],
      ['Event Cancelled', ['eventTitle', 'eventStart', 'eventsUrl'], 'social'],
      ['Mention', ['authorName', 'postTitle', 'postUrl'], 'social'],
      ['Repost', ['reposterName', 'postTitle', 'postUrl'], 'social'],
      ['Quote', ['quoterName', 'postTitle', 'quoteUrl'], 'social'],
    ]);
    expect(templates.every((t) => t.isActive)).toBe(true);
  });

  it('renders what an operator saved', async () => {
    await edit('Password Reset', {
      subject: 'Agora password for {{email}}',
      htmlTemplate: '<p>{{resetUrl}}</p>',
      textTemplate: 'Reset: {{resetUrl}}',
      isActive: true,
    }).expect(200);
    await db()
      .transaction()
      .execute((trx) =>
        queueEmailNow(trx, passwordResetTemplate, 'ana@example.com', {
          resetUrl: 'http://r',
          email: 'ana@example.com',
        }),
      );
    const row = await db().selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      subject: 'Agora password for ana@example.com',
      text_body: 'Reset: http://r',
    });
  });

  it('refuses unknown placeholders, blank parts and switching off account emails', async () => {
    const before = await db().selectFrom('email_templates').selectAll().orderBy('name').execute();
    const valid = {
      subject: 'Hi {{senderName}}',
      htmlTemplate: '<p>{{profileUrl}}</p>',
      textTemplate: '{{profileUrl}}',
      isActive: true,
    };
    const subject = await edit('Friend Request', { ...valid, subject: 'Hi {{name}}' }).expect(400);
    expect(subject.body.error.fields.subject).toMatch(/\{\{name\}\}/);
    await edit('Friend Request', { ...valid, textTemplate: '   ' }).expect(400);
    await edit('Friend Request', { ...valid, isActive: 'yes' }).expect(400);
    const off = await edit('Email Verification', {
      subject: 'Verify',
      htmlTemplate: '{{verificationUrl}}',
      textTemplate: '{{verificationUrl}}',
      isActive: false,
    }).expect(400);
    expect(off.body.error.fields.isActive).toBeDefined();
    await edit('Nope', valid).expect(404);
    expect(await db().selectFrom('email_templates').selectAll().orderBy('name').execute()).toEqual(
      before,
    );
  });

  it('does not queue an inactive template: refused for operators, skipped for the system', async () => {
    await edit('Newsletter', {
      subject: '{{newsletterTitle}}',
      htmlTemplate: '{{newsletterContent}} {{unsubscribeUrl}}',
      textTemplate: '{{newsletterContent}} {{unsubscribeUrl}}',
      isActive: false,
    }).expect(200);
    const data = { newsletterTitle: 'T', newsletterContent: 'C', unsubscribeUrl: 'http://u' };
    const res = await as(stack.server, owner)
      .post('/email/send', { recipient: 'ana@example.com', template: 'Newsletter', data })
      .expect(400);
    expect(res.body.error.fields.template).toMatch(/inactive/);
    const queued = await db()
      .transaction()
      .execute((trx) => queueEmailNow(trx, newsletterTemplate, 'ana@example.com', data));
    expect(queued).toBeNull();
    expect(await db().selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });
});

describe('email links', () => {
  async function verificationToken(email: string) {
    const mail = await queuedEmail(db(), email, 'Email Verification');
    const url = new URL(mail.data.verificationUrl!);
    expect(url.pathname).toBe('/verify-email');
    return url.searchParams.get('token')!;
  }

  it('verifies an address once with a link that expires after 24 hours', async () => {
    const ana = await signUp(stack.server);
    const token = await verificationToken(ana.email);
    const row = await db()
      .selectFrom('email_verification_tokens')
      .selectAll()
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(
      EMAIL_VERIFICATION_TTL_MS - 60_000,
    );
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(
      EMAIL_VERIFICATION_TTL_MS + 60_000,
    );
    const session = () => as(stack.server, ana).get('/auth/session').expect(200);
    expect((await session()).body.emailVerified).toBe(false);
    await request(stack.server.url)
      .post('/api/auth/verify-email')
      .send({ token })
      .expect(200, { message: 'Your email address is verified.' });
    expect((await session()).body.emailVerified).toBe(true);
    await request(stack.server.url).post('/api/auth/verify-email').send({ token }).expect(400);
  });

  it('refuses an expired verification link and an unknown one', async () => {
    const bo = await signUp(stack.server);
    const token = await verificationToken(bo.email);
    await db()
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', bo.id)
      .execute();
    const res = await request(stack.server.url)
      .post('/api/auth/verify-email')
      .send({ token })
      .expect(400);
    expect(res.body.error.message).toBe('This verification link is invalid or has expired.');
    await request(stack.server.url)
      .post('/api/auth/verify-email')
      .send({ token: 'nope' })
      .expect(400);
    const user = await db()
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', bo.id)
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(false);
  });

  it('gives reset links one hour', async () => {
    const cy = await signUp(stack.server);
    await request(stack.server.url)
      .post('/api/auth/password-reset')
      .send({ email: cy.email })
      .expect(200);
    const row = await db()
      .selectFrom('password_reset_tokens')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', cy.id)
      .executeTakeFirstOrThrow();
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(Math.abs(ttl - PASSWORD_RESET_TTL_MS)).toBeLessThan(60_000);
  });
});

describe('the email migration', () => {
  it('goes down and up again, recounting the queue; the start seeds the templates', async () => {
    await queue(2);
    const database = db() as unknown as Kysely<unknown>;
    await emailMigration.down(database);
    await emailMigration.up(database);
    expect(await db().selectFrom('email_templates').select('name').execute()).toHaveLength(0);
    await seedDefaultTemplates(db());
    const { rows } = await sql<EmailQueueStats>`select * from email_queue_stats`.execute(db());
    expect(rows[0]).toMatchObject({ pending: 2, processing: 0, sent: 0, failed: 0 });
    const templates = await db().selectFrom('email_templates').select('name').execute();
    expect(templates).toHaveLength(defaultTemplates.length);
  });
});
