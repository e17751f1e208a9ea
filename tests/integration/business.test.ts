import request from 'supertest';
import { eventSchemas } from '../../shared/events';
import {
  businessMessages,
  DEFAULT_BUSINESS_HOURS,
  type BusinessAccount,
  type BusinessAccountUpdate,
  type BusinessReport,
} from '../../shared/business';
import {
  as,
  countEvents,
  rowCounts,
  signUpMembers,
  snapshotReadModels,
  streamEvents,
  type TestMember,
} from '../support/factories';
import { png, textOf } from '../support/media-fixtures';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);
const year = new Date().getUTCFullYear();

const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

const full = (over: Partial<BusinessAccountUpdate> = {}): BusinessAccountUpdate => ({
  name: 'Acme Bakery',
  description: 'Bread and cakes',
  industry: 'retail',
  website: 'https://acme.example',
  email: 'hello@acme.example',
  phone: '+1 (555) 010-2030',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'USA',
  foundedYear: 1999,
  employeeCount: '11-50',
  revenue: '$1M-$5M',
  logo: '',
  banner: '',
  socialLinks: ['https://social.example/acme'],
  services: ['Bread', 'Cakes'],
  certifications: ['Organic'],
  businessHours: DEFAULT_BUSINESS_HOURS,
  ...over,
});

/** What a refused save must leave as it found: the log, the accounts and the member's files. */
const written = async () => ({
  events: await countEvents(db()),
  ...(await rowCounts(db(), ['business_accounts', 'files'])),
});

describe('GET /business-account', () => {
  it('answers the defaults for a member who has none', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const res = await api(ana).get('/business-account').expect(200);
    const account = res.body as BusinessAccount;
    expect(account.exists).toBe(false);
    expect(account.name).toBe('');
    expect(account.services).toEqual([]);
    expect(account.businessHours.monday).toEqual({ open: '09:00', close: '17:00', closed: false });
    expect(account.businessHours.saturday).toEqual({
      open: '10:00',
      close: '15:00',
      closed: false,
    });
    expect(account.businessHours.sunday).toEqual({ open: '10:00', close: '15:00', closed: true });
  });

  it('needs a session on every route', async () => {
    const anonymous = request(stack.server.url);
    await anonymous.get('/api/business-account').expect(401);
    await anonymous.put('/api/business-account').send(full()).expect(401);
    await anonymous.delete('/api/business-account').expect(401);
    await anonymous.get('/api/business-account/export').expect(401);
    await anonymous.get('/api/business-account/report').expect(401);
  });
});

describe('PUT /business-account', () => {
  it('saves the whole object, stores the images cropped, and answers it on reload', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const body = full({
      logo: dataUrl(await png(400, 300)),
      banner: dataUrl(await png(1600, 900)),
      services: ['  Bread ', 'Cakes', 'Bread'],
    });
    const saved = (await api(ana).put('/business-account', body).expect(200))
      .body as BusinessAccount;
    expect(saved).toMatchObject({ exists: true, version: 1, name: 'Acme Bakery' });
    expect(saved.services).toEqual(['Bread', 'Cakes']);
    expect(saved.logo).toMatch(/^http.*\/cdn\//);
    expect(saved.banner).toMatch(/^http.*\/cdn\//);
    expect(await api(ana).get('/business-account').expect(200)).toHaveProperty('body', saved);
    // Another member's account is their own.
    expect((await api(ben).get('/business-account').expect(200)).body.exists).toBe(false);

    const files = await db()
      .selectFrom('files')
      .select(['width', 'height', 'mime_type', 'is_public'])
      .where('owner_id', '=', ana.id)
      .where('folder', '=', 'business')
      .orderBy('width')
      .execute();
    expect(files).toEqual([
      { width: 256, height: 256, mime_type: 'image/webp', is_public: true },
      { width: 1200, height: 400, mime_type: 'image/webp', is_public: true },
    ]);

    // The URLs it answers are kept as they are, and nothing new is stored.
    const before = await rowCounts(db(), ['files']);
    const again = await api(ana)
      .put('/business-account', { ...body, logo: saved.logo, banner: '' })
      .expect(200);
    expect(again.body).toMatchObject({ logo: saved.logo, banner: '', version: 2 });
    expect(await rowCounts(db(), ['files'])).toEqual(before);
    expect(await streamEvents(db(), `business-${ana.id}`)).toEqual([
      { type: 'BusinessAccountSaved', stream_version: 1 },
      { type: 'BusinessAccountSaved', stream_version: 2 },
    ]);
  });

  it('fills what a save leaves out with the empty values and the default hours', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const res = await api(ana).put('/business-account', { name: 'Solo' }).expect(200);
    expect(res.body).toMatchObject({
      name: 'Solo',
      foundedYear: null,
      industry: '',
      services: [],
      businessHours: DEFAULT_BUSINESS_HOURS,
    });
  });

  it('refuses bad input with the field in error, and writes nothing', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await api(ana).put('/business-account', full()).expect(200);
    const cases: [Partial<BusinessAccountUpdate> | Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ foundedYear: 1799 }, 'foundedYear'],
      [{ foundedYear: year + 1 }, 'foundedYear'],
      [{ foundedYear: 2000.5 }, 'foundedYear'],
      [{ email: 'not-an-address' }, 'email'],
      [{ website: 'ftp://acme.example' }, 'website'],
      [{ phone: 'call me' }, 'phone'],
      [{ phone: '12' }, 'phone'],
      [{ industry: 'nonprofit' }, 'industry'],
      [{ employeeCount: '1000+' }, 'employeeCount'],
      [{ services: ['ok', '  '] }, 'services.1'],
      [{ services: Array.from({ length: 51 }, (_, i) => `s${i}`) }, 'services'],
      [{ socialLinks: ['not a link'] }, 'socialLinks.0'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [
        {
          businessHours: {
            ...DEFAULT_BUSINESS_HOURS,
            monday: { open: '9am', close: '17:00', closed: false },
          },
        },
        'businessHours.monday.open',
      ],
      [
        {
          businessHours: {
            ...DEFAULT_BUSINESS_HOURS,
            friday: { open: '17:00', close: '09:00', closed: false },
          },
        },
        'businessHours.friday.close',
      ],
      [{ logo: 'https://elsewhere.example/logo.png' }, 'logo'],
      [{ logo: dataUrl(textOf(100)) }, 'logo'],
      [
        {
          banner: dataUrl(
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            'image/svg+xml',
          ),
        },
        'banner',
      ],
      [{ unknown: 1 }, '_'],
    ];
    const before = await written();
    for (const [change, field] of cases) {
      const res = await api(ana).put('/business-account', { ...full(), ...change });
      expect([res.status, field, Object.keys(res.body.error?.fields ?? {})]).toEqual([
        400,
        field,
        expect.arrayContaining([field === '_' ? expect.any(String) : field]),
      ]);
    }
    expect(await written()).toEqual(before);
    const missingName = await api(ana).put('/business-account', {}).expect(400);
    expect(missingName.body.error.fields.name).toBe(businessMessages.nameRequired);
  });

  it('takes back the account as GET answers it: exists, version and updatedAt are read-only and ignored', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    // A member without an account: the empty account GET answers is a save like any other.
    const empty = (await api(ana).get('/business-account').expect(200)).body as BusinessAccount;
    const first = await api(ana)
      .put('/business-account', { ...empty, name: 'Acme Bakery' })
      .expect(200);
    expect(first.body).toMatchObject({ exists: true, version: 1, name: 'Acme Bakery' });

    const read = (await api(ana).get('/business-account').expect(200)).body as BusinessAccount;
    const again = await api(ana)
      .put('/business-account', {
        ...read,
        exists: false,
        updatedAt: '2000-01-01T00:00:00.000Z',
        description: 'Fresh bread',
      })
      .expect(200);
    expect(again.body).toMatchObject({ exists: true, version: 2, description: 'Fresh bread' });
    expect(again.body.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    const [saved] = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `business-${ana.id}`)
      .orderBy('stream_version', 'desc')
      .execute();
    expect(Object.keys((saved!.data as { account: object }).account)).not.toContain('version');
  });

  it('refuses a save made from a version that has moved on: 409 with the current version, nothing written', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    // Two tabs read the account, version 0; the first saves.
    const read = (await api(ana).get('/business-account').expect(200)).body as BusinessAccount;
    await api(ana)
      .put('/business-account', { ...read, name: 'From the first tab' })
      .expect(200);

    const before = await written();
    const stale = await api(ana)
      .put('/business-account', {
        ...read,
        name: 'From the second tab',
        logo: dataUrl(await png(300, 300)),
      })
      .expect(409);
    expect(stale.body.error).toEqual({
      code: 'version-conflict',
      message: businessMessages.changedElsewhere,
      currentVersion: 1,
    });
    expect(await written()).toEqual(before);
    expect((await api(ana).get('/business-account').expect(200)).body.name).toBe(
      'From the first tab',
    );

    // Saved again from the version now read, it goes through; a client that sends no version
    // saves over whatever is there, as before.
    await api(ana)
      .put('/business-account', { ...read, name: 'From the second tab', version: 1 })
      .expect(200);
    await api(ana).put('/business-account', { name: 'Without a version' }).expect(200);
    await api(ana).put('/business-account', { name: 'Bad version', version: -1 }).expect(400);
  });

  it('accepts a closed day whatever its times, and the founded years at both ends', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const hours = {
      ...DEFAULT_BUSINESS_HOURS,
      sunday: { open: '18:00', close: '08:00', closed: true },
    };
    await api(ana)
      .put('/business-account', full({ businessHours: hours, foundedYear: 1800 }))
      .expect(200);
    await api(ana)
      .put('/business-account', full({ foundedYear: year }))
      .expect(200);
  });
});

describe('export, report and delete', () => {
  it('exports the account as a JSON download', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await api(ben).get('/business-account/export').expect(404);
    const saved = (await api(ana).put('/business-account', full()).expect(200)).body;
    const res = await api(ana).get('/business-account/export').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?business-account\.json"?$/,
    );
    expect(JSON.parse(res.text)).toEqual(saved);
  });

  it("reports the business's figures and the member's content", async () => {
    const [ana, fan] = await signUpMembers(stack.server, 2);
    await api(ana).get('/business-account/report').expect(404);
    await api(ana).put('/business-account', full()).expect(200);
    const post = await api(ana)
      .post('/posts', { title: 'Open', content: 'We are open', status: 'published' })
      .expect(201);
    await api(fan).post(`/posts/${post.body.id}/like`).expect(200);
    await api(fan).post(`/users/${ana.id}/follow`).expect(200);
    const report = (await api(ana).get('/business-account/report').expect(200))
      .body as BusinessReport;
    // Monday to Friday 8 h, Saturday 5 h, Sunday closed.
    expect(report.weeklyOpenMinutes).toBe(45 * 60);
    expect(report.openDays).toBe(6);
    // Every field but the two images: 17 of 19.
    expect(report.completeness).toBe(89);
    expect(report.content).toMatchObject({ posts: 1, likes: 1, followers: 1 });
  });

  it('deletes the account from the read model; a second delete is 404', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await api(ana).delete('/business-account').expect(404);
    await api(ana).put('/business-account', full()).expect(200);
    await api(ana).delete('/business-account').expect(204);
    expect((await api(ana).get('/business-account').expect(200)).body.exists).toBe(false);
    const rows = await db()
      .selectFrom('business_accounts')
      .select('user_id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(rows).toEqual([]);
    await api(ana).delete('/business-account').expect(404);
  });
});

describe('erasure and rebuild', () => {
  it("removes a deleted member's account and redacts it in the log", async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await api(ana).put('/business-account', full()).expect(200);
    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);
    const rows = await db()
      .selectFrom('business_accounts')
      .select('user_id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(rows).toEqual([]);
    const events = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `business-${ana.id}`)
      .where('type', '=', 'BusinessAccountSaved')
      .execute();
    expect(events).toHaveLength(1);
    const schema = eventSchemas.BusinessAccountSaved;
    // Redacted, the events still pass their schemas: a replay reads them as any other.
    expect(events.every(({ data }) => schema.safeParse(data).success)).toBe(true);
    expect(JSON.stringify(events)).not.toContain('Acme');
  });

  it('reproduces the business accounts from the log', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await api(ana).put('/business-account', full()).expect(200);
    await api(ben)
      .put('/business-account', full({ name: 'Ben Co' }))
      .expect(200);
    await api(ben)
      .put('/business-account', full({ name: 'Ben Company' }))
      .expect(200);
    const before = await snapshotReadModels(db(), ['business_accounts']);
    await rebuild(db());
    expect(await snapshotReadModels(db(), ['business_accounts'])).toEqual(before);
  });
});
