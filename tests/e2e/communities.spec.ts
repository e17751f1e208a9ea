import path from 'node:path';
import { expect, test } from '@playwright/test';
import { closeOpenedContexts, signedInContext } from './members';

const AVATAR = path.resolve(import.meta.dirname, '../fixtures/media/community-avatar.png');

test.afterEach(closeOpenedContexts);

test('a member creates a community with an avatar; another joins and starts a discussion the first sees live; the admin locks it and replies are refused', async ({
  browser,
  baseURL,
}) => {
  const founder = await signedInContext(browser, baseURL!);
  const joiner = await signedInContext(browser, baseURL!);
  const name = `Quokka Fans ${Date.now().toString(36)}`;

  // The founder fills the form: name, a tag by Enter, and an avatar.
  await founder.page.goto('/create-community');
  await founder.page.getByLabel('Community name').fill(name);
  await founder.page.getByLabel('Description').fill('Everything about quokkas');
  const tags = founder.page.getByLabel('Tags', { exact: true });
  await tags.fill('  animals ');
  await tags.press('Enter');
  await expect(founder.page.getByRole('list', { name: 'Tags added' })).toHaveText(/animals/);
  await founder.page.getByTestId('community-avatar-input').setInputFiles(AVATAR);
  await expect(founder.page.getByAltText('Avatar preview')).toBeVisible();
  await founder.page.getByRole('button', { name: 'Create Community' }).click();
  await expect(founder.page.getByText('Community Created!')).toBeVisible();
  await expect(
    founder.page.getByText('Your community has been successfully created and is now live.'),
  ).toBeVisible();

  // It opens in the hub, with its avatar, one member, and a healthy live channel.
  await founder.page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(founder.page.getByRole('heading', { name })).toBeVisible();
  await expect(founder.page.locator('header img[src*="/cdn/"]')).toBeVisible();
  await expect(founder.page.getByTestId('stat-members')).toHaveText('1');
  await expect(founder.page.getByTestId('connection-status')).toHaveText('Healthy');

  // The second member finds it in Discover and joins.
  await joiner.page.goto('/community');
  await expect(joiner.page.getByText('No communities yet')).toBeVisible();
  await joiner.page.getByPlaceholder('Search communities').fill(name);
  const card = joiner.page.getByTestId('discover-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Join: ${name}` }).click();
  await expect(joiner.page.getByRole('heading', { name })).toBeVisible();
  await expect(joiner.page.getByTestId('stat-members')).toHaveText('2');

  // The founder's open hub counts the new member without a reload.
  await expect(founder.page.getByTestId('stat-members')).toHaveText('2');

  // Both open the discussions; the joiner starts one and the founder's list shows it live.
  await founder.page.getByRole('tab', { name: 'Discussions' }).click();
  await expect(founder.page.getByText('No discussions yet.')).toBeVisible();
  await joiner.page.getByRole('tab', { name: 'Discussions' }).click();
  await joiner.page.getByRole('button', { name: 'Start Discussion' }).click();
  const starting = joiner.page.getByRole('dialog');
  await starting.getByLabel('Title').fill('Best quokka photos');
  await starting.getByLabel('Content').fill('Share your favourite ones.');
  await starting.getByRole('button', { name: 'Start Discussion' }).click();
  const founderList = founder.page.getByRole('list', { name: 'Discussions' });
  await expect(founderList.getByRole('button', { name: /Best quokka photos/ })).toBeVisible();

  // The joiner's thread is open; a first reply goes through and reaches the founder's list.
  const joinerThread = joiner.page.getByRole('dialog');
  await expect(joinerThread.getByRole('heading', { name: 'Best quokka photos' })).toBeVisible();
  const founderName = founder.member.username;
  await joinerThread.getByLabel('Reply', { exact: true }).fill(`Here is mine, @${founderName}`);
  await joinerThread.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = joinerThread.getByRole('region', { name: 'Replies' });
  await expect(replies).toContainText('Here is mine');
  // The mention links the founder's profile, and tells the founder live.
  await expect(replies.getByRole('link', { name: `@${founderName}` })).toHaveAttribute(
    'href',
    `/profile/${founderName}`,
  );
  await expect(founder.page.getByTestId('badge-notifications')).toHaveText('1');
  await expect(founderList).toContainText('1 reply');

  // The founder, its admin, locks it: the joiner's open thread refuses replies at once.
  await founderList.getByRole('button', { name: /Best quokka photos/ }).click();
  const founderThread = founder.page.getByRole('dialog');
  await founderThread.getByRole('button', { name: 'Lock' }).click();
  await expect(founderThread.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(joinerThread.getByLabel('Reply', { exact: true })).toBeDisabled();
  await expect(joinerThread.getByText('This discussion is locked').first()).toBeVisible();

  // The server refuses a reply too, whatever a client shows.
  const mine = await founder.page.request.get('/api/communities?scope=mine');
  const { communities } = (await mine.json()) as { communities: { id: string; name: string }[] };
  const communityId = communities.find((c) => c.name === name)!.id;
  const listed = await joiner.page.request.get(`/api/communities/${communityId}/discussions`);
  const { discussions } = (await listed.json()) as { discussions: { id: string }[] };
  const refused = await joiner.page.request.post(`/api/discussions/${discussions[0]!.id}/replies`, {
    data: { content: 'Sneaking in' },
  });
  expect(refused.status()).toBe(409);
  expect(JSON.stringify(await refused.json())).toContain('This discussion is locked');
  await expect(joinerThread.getByRole('region', { name: 'Replies' })).not.toContainText(
    'Sneaking in',
  );

  // A post in the posts tab reaches the other member's open tab live.
  await founderThread.press('Escape');
  await joinerThread.press('Escape');
  await founder.page.getByRole('tab', { name: 'Posts' }).click();
  await joiner.page.getByRole('tab', { name: 'Posts' }).click();
  await joiner.page.getByRole('button', { name: 'Create Post' }).click();
  const form = joiner.page.getByRole('form', { name: 'Create Post' });
  await expect(form.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await form.getByLabel("What's on your mind?").fill('Quokkas smile all day');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(founder.page.getByText('Quokkas smile all day')).toBeVisible();
});

test('the overview shows the three latest discussions and the next three events; its cards count them all', async ({
  browser,
  baseURL,
}) => {
  const founder = await signedInContext(browser, baseURL!);
  const api = founder.page.request;
  const form = {
    name: `Wombat Walkers ${Date.now().toString(36)}`,
    category: 'other',
    privacy: 'public',
  };
  const created = await api.post('/api/communities', { multipart: form });
  expect(created.status()).toBe(201);
  const { id: communityId } = (await created.json()) as { id: string };
  for (const n of [1, 2, 3, 4]) {
    const discussion = await api.post(`/api/communities/${communityId}/discussions`, {
      data: { title: `Topic ${n}`, content: 'Words' },
    });
    expect(discussion.status()).toBe(201);
    // Days 1 to 4 from now: the first three are the next three.
    const date = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const event = await api.post('/api/events', {
      data: {
        communityId,
        title: `Walk ${n}`,
        date,
        time: '18:00',
        timeZone: 'UTC',
        location: 'The park',
        type: 'in-person',
        // The first has one seat, which the founder takes: the hub's button then reads Full.
        maxAttendees: n === 1 ? 1 : 10,
      },
    });
    expect(event.status()).toBe(201);
    if (n === 1) {
      const { id } = (await event.json()) as { id: string };
      expect((await api.post(`/api/events/${id}/attendance`)).status()).toBe(200);
    }
  }

  await founder.page.goto(`/community?c=${communityId}`);
  await expect(founder.page.getByTestId('stat-discussions')).toHaveText('4');
  await expect(founder.page.getByTestId('stat-events')).toHaveText('4');
  const discussions = founder.page.getByRole('list', { name: 'Latest discussions' });
  await expect(discussions.getByRole('listitem')).toHaveCount(3);
  // Newest activity first: the first topic is the one left out.
  await expect(discussions).toContainText('Topic 4');
  await expect(discussions).not.toContainText('Topic 1');
  const events = founder.page.getByRole('list', { name: 'Upcoming events' });
  await expect(events.getByRole('listitem')).toHaveCount(3);
  await expect(events).toContainText('Walk 1');
  await expect(events).not.toContainText('Walk 4');

  // View all opens the whole list.
  await founder.page.getByRole('button', { name: 'View all' }).first().click();
  await expect(
    founder.page.getByRole('list', { name: 'Discussions' }).getByRole('button', { name: /Topic/ }),
  ).toHaveCount(4);

  await founder.page.getByRole('tab', { name: 'Events' }).click();
  const full = founder.page
    .getByTestId('event-card')
    .filter({ has: founder.page.getByRole('heading', { name: 'Walk 1' }) })
    .getByRole('button', { name: 'Full', exact: true });
  await expect(full).toBeDisabled();
});

test('a create that fails says so and keeps the form', async ({ browser, baseURL }) => {
  const founder = await signedInContext(browser, baseURL!);
  await founder.page.route('**/api/communities', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
  );
  await founder.page.goto('/create-community');
  await founder.page.getByLabel('Community name').fill('Never Made');
  await founder.page.getByRole('button', { name: 'Create Community' }).click();
  await expect(
    founder.page.getByText('Failed to create community. Please try again.'),
  ).toBeVisible();
  await expect(founder.page.getByLabel('Community name')).toHaveValue('Never Made');
});
