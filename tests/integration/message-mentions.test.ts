import { sql } from 'kysely';
import { SOCKET_EVENTS, type MessageNewPayload } from '../../shared/realtime';
import {
  conversationPath,
  messagesPageSchema,
  messageSchema,
  type Message,
} from '../../shared/social';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationsPageSchema,
  type Notification,
} from '../../shared/social/notifications';
import {
  badgesOf,
  queuedEmails,
  snapshotReadModels,
  startConversation,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { socialKit } from '../support/social-kit';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const { api, db, member } = socialKit(stack);

async function send(from: TestMember, conversationId: string, content: string): Promise<Message> {
  const res = await api(from)
    .post(`/conversations/${conversationId}/messages`, { content })
    .expect(201);
  return messageSchema.parse(res.body.message);
}

async function thread(who: TestMember, conversationId: string): Promise<Message[]> {
  const res = await api(who).get(`/conversations/${conversationId}/messages`).expect(200);
  return messagesPageSchema.parse(res.body).messages;
}

async function mentionsOf(who: TestMember): Promise<Notification[]> {
  const res = await api(who).get('/notifications').expect(200);
  return notificationsPageSchema.parse(res.body).notifications.filter((n) => n.type === 'mention');
}

const linkTo = (who: TestMember) => ({
  handle: who.username.toLowerCase(),
  memberId: who.id,
  username: who.username,
});

describe('@mentions in messages', () => {
  it('links the participant, tells them live and by email, and keeps the link in reads and pushes', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const { id: conversationId } = await startConversation(stack.server, ana, bo);
    const socket = await connectAs(stack.server, bo);
    const told = waitForEvent<{ notification: Notification }>(socket, SOCKET_EVENTS.notification);
    const arrived = waitForEvent<MessageNewPayload>(socket, SOCKET_EVENTS.messageNew);

    const sent = await send(ana, conversationId, `See you soon @${bo.username.toUpperCase()}`);
    expect(sent.mentions).toEqual([linkTo(bo)]);
    const [{ notification }, pushed] = await Promise.all([told, arrived]);
    socket.close();
    expect(notification).toMatchObject({
      type: 'mention',
      title: `${ana.username} mentioned you`,
      actionUrl: conversationPath(conversationId),
      actionData: { conversationId, messageId: sent.id },
      actors: [{ id: ana.id }],
    });
    expect(pushed.message.mentions).toEqual([linkTo(bo)]);
    expect((await thread(bo, conversationId)).at(-1)!.mentions).toEqual([linkTo(bo)]);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 1 });
    const emails = await queuedEmails(db(), bo.email, 'Mention');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain(conversationPath(conversationId));
    expect(emails[0]!.text_body).not.toContain('See you soon');

    // A second mention in the same conversation joins the same unread notification.
    await send(ana, conversationId, `@${bo.username} again`);
    expect(await mentionsOf(bo)).toHaveLength(1);
  });

  it('keeps the link to the member through a username change', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const { id: conversationId } = await startConversation(stack.server, ana, bo);
    await send(ana, conversationId, `Hi @${bo.username}`);
    const renamed = `renamed_${bo.username}`;
    await db().updateTable('users').set({ username: renamed }).where('id', '=', bo.id).execute();
    const [message] = await thread(ana, conversationId);
    expect(message!.mentions).toEqual([
      { handle: bo.username.toLowerCase(), memberId: bo.id, username: renamed },
    ]);
  });

  it('names nobody outside the conversation and tells them nothing', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const { id: conversationId } = await startConversation(stack.server, ana, bo);
    const sent = await send(ana, conversationId, `@${cy.username} said hi, @${ana.username}`);
    // Ana named herself: linked, never told. Cy cannot read the message: plain text.
    expect(sent.mentions).toEqual([linkTo(ana)]);
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await mentionsOf(ana)).toEqual([]);
    expect(await queuedEmails(db(), cy.email, 'Mention')).toEqual([]);
    const stored = await db()
      .selectFrom('messages')
      .select('mentions')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(stored.mentions.map((each) => each.memberId)).toEqual([ana.id]);
  });

  it('tells nobody who turned mention notifications off', async () => {
    const [ana, quiet] = await Promise.all([member('ana'), member('quiet')]);
    await api(quiet)
      .put('/me/notification-preferences', {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        mention: { inApp: false, email: false },
      })
      .expect(200);
    const { id: conversationId } = await startConversation(stack.server, ana, quiet);
    const sent = await send(ana, conversationId, `@${quiet.username} are you there?`);
    expect(sent.mentions).toEqual([linkTo(quiet)]);
    expect(await mentionsOf(quiet)).toEqual([]);
    expect(await queuedEmails(db(), quiet.email, 'Mention')).toEqual([]);
  });

  it('tells nobody across a block: the message is refused and nothing is raised', async () => {
    const [ana, blocker] = await Promise.all([member('ana'), member('blocker')]);
    const { id: conversationId } = await startConversation(stack.server, ana, blocker);
    await api(blocker).post('/friends/blocks', { userId: ana.id }).expect(201);
    await api(ana)
      .post(`/conversations/${conversationId}/messages`, { content: `@${blocker.username}` })
      .expect(403);
    expect(await mentionsOf(blocker)).toEqual([]);
  });

  it('erases the mentions and their notifications with a deleted member', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const { id: conversationId } = await startConversation(stack.server, ana, bo);
    const sent = await send(ana, conversationId, `Bye @${bo.username}`);
    expect(await mentionsOf(bo)).toHaveLength(1);

    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);
    expect(await mentionsOf(bo)).toEqual([]);
    const left = await db().selectFrom('messages').select('id').where('id', '=', sent.id).execute();
    expect(left).toEqual([]);
    // The log keeps ids only: the handle Ana wrote is redacted with her text.
    const { rows } = await sql<{ data: { mentions: unknown[] } }>`select data from events
      where type = 'MessageMentionsSet' and data ->> 'messageId' = ${sent.id}`.execute(db());
    expect(rows.map((row) => row.data.mentions)).toEqual([[]]);
  });
});

describe('rebuilding', () => {
  it('reproduces message mentions and their notifications exactly', async () => {
    const tables = ['messages', 'notifications', 'notification_actors'];
    const before = await snapshotReadModels(db(), tables);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});
