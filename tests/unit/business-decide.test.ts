import {
  businessAccountUpdateSchema,
  DEFAULT_BUSINESS_HOURS,
  emptyBusinessAccount,
  formatHours,
  profileCompleteness,
  weeklyOpenMinutes,
  type BusinessAccountFields,
} from '../../shared/business';
import { organizationFormSchema, type Organization } from '../../shared/organizations';
import { deleteBusinessAccount, saveBusinessAccount } from '../../server/domains/business/commands';
import {
  createOrganization,
  deleteOrganization,
} from '../../server/domains/organizations/commands';
import { ANA, BEN, by, decide, refusal } from './support/decide';

const { exists: _e, version: _v, updatedAt: _u, ...empty } = emptyBusinessAccount();
const account: BusinessAccountFields = { ...empty, name: 'Acme', services: ['Bread'] };
const savedAt = '2026-11-25T10:00:00.000Z';

describe('saving the business account', () => {
  it('appends the whole object at the version read and answers it', async () => {
    const decided = await decide(
      saveBusinessAccount,
      { current: emptyBusinessAccount(), version: 2 },
      { userId: ANA, account, savedAt },
    );
    expect(decided.appends).toEqual([
      { streamId: `business-${ANA}`, expectedVersion: 2, types: ['BusinessAccountSaved'] },
    ]);
    expect(decided.events[0]!.data).toEqual({ userId: ANA, account, savedAt });
    expect(decided.result).toEqual({ ...account, exists: true, version: 3, updatedAt: savedAt });
  });

  it('saves from the version the client read, and refuses one the account has moved on from', async () => {
    const current = { ...emptyBusinessAccount(), ...account, exists: true, version: 3 };
    const input = { userId: ANA, account, savedAt };
    const decided = await decide(
      saveBusinessAccount,
      { current, version: 3 },
      { ...input, expectedVersion: 3 },
    );
    expect(decided.result).toMatchObject({ version: 4 });
    const refused = await refusal(
      saveBusinessAccount,
      { current, version: 3 },
      { ...input, expectedVersion: 2 },
    );
    expect(refused).toMatchObject({
      kind: 'conflict',
      code: 'version-conflict',
      currentVersion: 3,
    });
    // After a deletion the account reads as version 0 while its stream goes on.
    const deleted = await decide(
      saveBusinessAccount,
      { current: emptyBusinessAccount(), version: 5 },
      { ...input, expectedVersion: 0 },
    );
    expect(decided.appends[0]!.expectedVersion).toBe(3);
    expect(deleted.appends[0]!.expectedVersion).toBe(5);
  });

  it('deletes an account that exists, and refuses one that does not', async () => {
    const current = { ...emptyBusinessAccount(), ...account, exists: true, version: 1 };
    const decided = await decide(deleteBusinessAccount, { current, version: 1 }, { userId: ANA });
    expect(decided.appends).toEqual([
      { streamId: `business-${ANA}`, expectedVersion: 1, types: ['BusinessAccountDeleted'] },
    ]);
    const refused = await refusal(
      deleteBusinessAccount,
      { current: emptyBusinessAccount(), version: 2 },
      { userId: ANA },
    );
    expect(refused.kind).toBe('not-found');
  });
});

describe('organizations', () => {
  const organization: Organization = {
    id: '20000000-0000-4000-8000-000000000001',
    ownerId: ANA,
    name: 'Guild',
    description: '',
    website: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    country: '',
    industry: '',
    size: '',
    foundedYear: null,
    logo: '',
    banner: '',
    createdAt: savedAt,
  };

  it('creates a new stream', async () => {
    const decided = await decide(createOrganization, {}, { organization });
    expect(decided.appends).toEqual([
      {
        streamId: `organization-${organization.id}`,
        expectedVersion: 0,
        types: ['OrganizationCreated'],
      },
    ]);
  });

  it('lets only the owner delete, and not what is gone', async () => {
    const given = { organization, version: 1 };
    const mine = await decide(deleteOrganization, given, {
      organizationId: organization.id,
      actorId: ANA,
    });
    expect(mine.appends[0]!.types).toEqual(['OrganizationDeleted']);
    const theirs = await refusal(
      deleteOrganization,
      given,
      { organizationId: organization.id, actorId: BEN },
      by(BEN),
    );
    expect(theirs.kind).toBe('forbidden');
    const gone = await refusal(
      deleteOrganization,
      { organization: undefined, version: 2 },
      { organizationId: organization.id, actorId: ANA },
    );
    expect(gone.kind).toBe('not-found');
  });
});

describe('the business figures and field rules', () => {
  it('counts weekly open hours from the business hours', () => {
    expect(weeklyOpenMinutes(DEFAULT_BUSINESS_HOURS)).toBe(45 * 60);
    const late = {
      ...DEFAULT_BUSINESS_HOURS,
      sunday: { open: '10:00', close: '12:30', closed: false },
    };
    expect(formatHours(weeklyOpenMinutes(late))).toBe('47 h 30 min');
  });

  it('measures completeness over the profile, contact, images and lists', () => {
    expect(profileCompleteness(empty)).toBe(0);
    expect(profileCompleteness(account)).toBe(11);
  });

  it('takes a closed day with any times, and refuses closing before opening on an open one', () => {
    const parse = (monday: object) =>
      businessAccountUpdateSchema.safeParse({
        name: 'Acme',
        businessHours: { ...DEFAULT_BUSINESS_HOURS, monday },
      });
    expect(parse({ open: '17:00', close: '09:00', closed: true }).success).toBe(true);
    expect(parse({ open: '09:00', close: '09:00', closed: false }).success).toBe(false);
    expect(parse({ open: '24:00', close: '25:00', closed: false }).success).toBe(false);
  });

  it('reads an organization form: empty values are not set, the year becomes a number', () => {
    const parsed = organizationFormSchema.parse({ name: ' Guild ', foundedYear: '1999', size: '' });
    expect(parsed).toMatchObject({ name: 'Guild', foundedYear: 1999, size: '', industry: '' });
    expect(organizationFormSchema.safeParse({ name: 'G', foundedYear: '99' }).success).toBe(false);
  });
});
