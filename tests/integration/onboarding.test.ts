import type { Socket } from 'socket.io-client';
import {
  onboardingLiveEvents,
  onboardingMessages,
  type OnboardingProgress,
  type OnboardingProgressPayload,
} from '../../shared/onboarding';
import {
  as,
  rowCounts,
  signUpOwnerAndMember,
  signUp,
  snapshotTable,
  streamEvents,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

const userData = {
  useCase: 'personal',
  experienceLevel: 'beginner',
  primaryGoal: 'learning',
  preferredFeatures: [],
};
const ownerSetup = {
  isOwner: true,
  companyName: 'Acme',
  role: 'CTO',
  industry: 'technology',
  teamSize: '11-50',
  primaryUseCase: 'internal',
};
const start = (member: TestMember, over: object = {}) =>
  api(member).post('/onboarding/start', {
    userId: member.id,
    userData,
    accountType: 'regular',
    ...over,
  });

/** What a refused request must leave unchanged. */
const written = async () => ({
  ...(await rowCounts(db(), ['events', 'onboarding_progress'])),
  rows: await snapshotTable(db(), 'onboarding_progress'),
});

let owner: TestMember;
let member: TestMember;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
});

afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

describe('POST /onboarding/start', () => {
  it('answers null progress before onboarding starts, and an incomplete session', async () => {
    const res = await api(member).get(`/onboarding/progress/${member.id}`).expect(200);
    expect(res.body).toBeNull();
    const session = await api(member).get('/auth/session').expect(200);
    expect(session.body.onboardingComplete).toBe(false);
  });

  it('refuses an Owner Account to a member, and bad input, writing nothing', async () => {
    const before = await written();
    const refused = await start(member, { accountType: 'owner', ownerSetup }).expect(403);
    expect(refused.body.error).toMatchObject({
      code: 'owner-only',
      message: onboardingMessages.ownerOnly,
    });
    await start(member, { userId: owner.id }).expect(403);
    await start(member, { accountType: 'owner' }).expect(400);
    await start(member, { ownerSetup }).expect(400);
    await start(member, { userId: 'not-a-uuid' }).expect(400);
    await start(member, { userData: { ...userData, useCase: 'space' } }).expect(400);
    await api(member).post('/onboarding/start', { userId: member.id }).expect(400);
    expect(await written()).toEqual(before);
  });

  it('starts with the personalized steps, and starting twice answers the same progress', async () => {
    const res = await start(member, { progress: { currentStep: 3 } }).expect(200);
    const progress = res.body as OnboardingProgress;
    expect(progress).toMatchObject({
      userId: member.id,
      currentStep: 1,
      totalSteps: 5,
      completionPercentage: 0,
      completedSteps: [],
      skippedSteps: [],
      steps: ['welcome', 'profile-basics', 'avatar-upload', 'security-setup', 'social-connections'],
      accountType: 'regular',
      completedAt: null,
      version: 1,
    });
    const again = await start(member, { userData: { ...userData, useCase: 'enterprise' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(progress);
    expect(await streamEvents(db(), `onboarding-${member.id}`)).toEqual([
      { type: 'OnboardingStarted', stream_version: 1 },
    ]);
  });

  it("takes the spec's documented body (userId, progress, userData): the account is a regular one", async () => {
    const newcomer = await signUp(stack.server);
    const now = new Date().toISOString();
    const res = await api(newcomer)
      .post('/onboarding/start', {
        userId: newcomer.id,
        progress: {
          userId: newcomer.id,
          currentStep: 1,
          totalSteps: 5,
          completionPercentage: 0,
          completedSteps: [],
          skippedSteps: [],
          startedAt: now,
          lastUpdated: now,
        },
        userData,
      })
      .expect(200);
    expect(res.body).toMatchObject({ userId: newcomer.id, accountType: 'regular', currentStep: 1 });
  });

  it('opens an Owner Account to an owner and stores the owner setup', async () => {
    const res = await start(owner, {
      accountType: 'owner',
      ownerSetup,
      userData: { ...userData, useCase: 'enterprise' },
    }).expect(200);
    expect(res.body).toMatchObject({
      accountType: 'owner',
      steps: ['welcome', 'profile-basics', 'avatar-upload', 'security-setup'],
    });
    const row = await db()
      .selectFrom('onboarding_progress')
      .select(['owner_setup', 'user_data'])
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_setup).toEqual(ownerSetup);
    expect(row.user_data).toEqual({
      ...userData,
      useCase: 'enterprise',
      timeAvailability: 'moderate',
    });
  });
});

describe('GET /onboarding/progress/:userId', () => {
  it("is the member's own, or an owner's to read", async () => {
    const stranger = await signUp(stack.server);
    await api(stranger).get(`/onboarding/progress/${member.id}`).expect(403);
    const read = await api(owner).get(`/onboarding/progress/${member.id}`).expect(200);
    expect(read.body).toMatchObject({ userId: member.id });
    await api(member).get('/onboarding/progress/nope').expect(400);
  });
});

describe('completing and skipping steps', () => {
  it('refuses bad steps, a required skip, early completion and others, writing nothing', async () => {
    const before = await written();
    const step = (path: string, body: object) => api(member).post(`/onboarding/${path}`, body);
    const unknown = await step('complete-step', { userId: member.id, stepId: 'dance' }).expect(400);
    expect(unknown.body.error).toMatchObject({ code: 'unknown-step' });
    await step('complete-step', { userId: member.id, stepId: 'first-post' }).expect(400);
    await step('complete-step', { userId: owner.id, stepId: 'welcome' }).expect(403);
    await step('complete-step', { userId: member.id }).expect(400);
    const required = await step('skip-step', { userId: member.id, stepId: 'welcome' }).expect(400);
    expect(required.body.error).toMatchObject({
      code: 'required-step',
      message: onboardingMessages.requiredStep,
    });
    const early = await step('complete', { userId: member.id }).expect(409);
    expect(early.body.error.message).toBe(onboardingMessages.requiredPending);
    await step('complete', { userId: owner.id }).expect(403);
    expect(await written()).toEqual(before);
  });

  it('answers 404 for steps before onboarding starts', async () => {
    const late = await signUp(stack.server);
    await api(late)
      .post('/onboarding/complete-step', { userId: late.id, stepId: 'welcome' })
      .expect(404);
    await api(late).post('/onboarding/complete', { userId: late.id }).expect(404);
  });

  it("advances, recomputes the percentage and pushes to the member's other tabs", async () => {
    const first = await connectAs(stack.server, member);
    const second = await connectAs(stack.server, member);
    const others = await connectAs(stack.server, owner);
    sockets.push(first, second, others);
    const heardByOthers: unknown[] = [];
    others.on(onboardingLiveEvents.progress, (payload) => heardByOthers.push(payload));

    const pushed = waitForEvent<OnboardingProgressPayload>(
      second,
      onboardingLiveEvents.progress,
      (p) => p.progress.completedSteps.includes('welcome'),
    );
    const res = await api(member)
      .post('/onboarding/complete-step', { userId: member.id, stepId: 'welcome' })
      .expect(200);
    expect(res.body).toMatchObject({ currentStep: 2, completionPercentage: 20, version: 2 });
    expect((await pushed).progress).toEqual(res.body);

    await api(member)
      .post('/onboarding/complete-step', { userId: member.id, stepId: 'profile-basics' })
      .expect(200);
    const skipped = await api(member)
      .post('/onboarding/skip-step', { userId: member.id, stepId: 'avatar-upload' })
      .expect(200);
    expect(skipped.body).toMatchObject({
      currentStep: 4,
      completionPercentage: 60,
      skippedSteps: ['avatar-upload'],
    });
    // The same step again changes nothing.
    const again = await api(member)
      .post('/onboarding/skip-step', { userId: member.id, stepId: 'avatar-upload' })
      .expect(200);
    expect(again.body).toEqual(skipped.body);

    await api(member)
      .post('/onboarding/complete-step', { userId: member.id, stepId: 'security-setup' })
      .expect(200);
    const completedPush = waitForEvent<OnboardingProgressPayload>(
      first,
      onboardingLiveEvents.progress,
      (p) => p.progress.completedAt !== null,
    );
    const last = await api(member)
      .post('/onboarding/complete-step', { userId: member.id, stepId: 'social-connections' })
      .expect(200);
    expect(last.body).toMatchObject({ currentStep: 5, completionPercentage: 100 });
    expect(last.body.completedAt).not.toBeNull();
    expect((await completedPush).progress.version).toBe(last.body.version);
    expect(heardByOthers).toEqual([]);

    const session = await api(member).get('/auth/session').expect(200);
    expect(session.body.onboardingComplete).toBe(true);
    await api(member)
      .post('/onboarding/complete', { userId: member.id })
      .expect(200)
      .expect(({ body }) => expect(body).toEqual(last.body));
  });

  it('completes with the optional steps still pending counted as skipped', async () => {
    await api(owner)
      .post('/onboarding/complete-step', { userId: owner.id, stepId: 'welcome' })
      .expect(200);
    await api(owner)
      .post('/onboarding/complete-step', { userId: owner.id, stepId: 'profile-basics' })
      .expect(200);
    const done = await api(owner).post('/onboarding/complete', { userId: owner.id }).expect(200);
    expect(done.body).toMatchObject({
      completionPercentage: 100,
      skippedSteps: ['avatar-upload', 'security-setup'],
      currentStep: 4,
    });
    // A step the completion counted as skipped is already done: nothing changes.
    const again = await api(owner)
      .post('/onboarding/skip-step', { userId: owner.id, stepId: 'avatar-upload' })
      .expect(200);
    expect(again.body).toEqual(done.body);
  });
});

describe('two tabs at once', () => {
  it('records a step sent twice in parallel once, and both answers agree', async () => {
    const racer = await signUp(stack.server);
    await start(racer).expect(200);
    const send = () =>
      api(racer).post('/onboarding/complete-step', { userId: racer.id, stepId: 'welcome' });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await streamEvents(db(), `onboarding-${racer.id}`)).toEqual([
      { type: 'OnboardingStarted', stream_version: 1 },
      { type: 'OnboardingStepCompleted', stream_version: 2 },
    ]);
  });
});

describe('the rebuild', () => {
  it('reproduces the progress rows', async () => {
    const before = await snapshotTable(db(), 'onboarding_progress');
    await rebuild(db());
    expect(await snapshotTable(db(), 'onboarding_progress')).toEqual(before);
  });
});
