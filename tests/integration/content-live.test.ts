import type { Socket } from 'socket.io-client';
import type { ContentRecord } from '../../shared/content';
import { POSTS_SOCKET_EVENTS, type SharedPost, type WatchPostsAck } from '../../shared/posts';
import { as, signUpMembers, type TestMember } from '../support/factories';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const api = (member: TestMember) => as(stack.server, member);

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** A member's socket watching the posts, as an open feed does. */
async function watching(member: TestMember, postIds: string[]): Promise<Socket> {
  const socket = await connectAs(stack.server, member);
  sockets.push(socket);
  const ack = (await socket
    .timeout(5000)
    .emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds })) as WatchPostsAck;
  expect(ack).toBeDefined();
  return socket;
}

async function create(author: TestMember, fields: object = {}): Promise<ContentRecord> {
  const res = await api(author)
    .post('/content', { title: 'Live', content: 'Words', status: 'published', ...fields })
    .expect(201);
  return res.body as ContentRecord;
}

describe('content changes reach open feeds live', () => {
  it('drops a record moved to the trash', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const record = await create(ana);
    const bens = await watching(ben, [record.id]);
    const gone = waitForEvent<{ postId: string }>(bens, POSTS_SOCKET_EVENTS.deleted);
    await api(ana).delete(`/content/${record.id}`).expect(204);
    expect(await gone).toEqual({ postId: record.id });
  });

  it('drops a record whose permissions shut the watcher out, and updates it for the rest', async () => {
    const [ana, ben, cy] = await signUpMembers(stack.server, 3);
    const record = await create(ana);
    const bens = await watching(ben, [record.id]);
    const cys = await watching(cy, [record.id]);
    const gone = waitForEvent<{ postId: string }>(bens, POSTS_SOCKET_EVENTS.deleted);
    const updated = waitForEvent<{ post: SharedPost }>(cys, POSTS_SOCKET_EVENTS.updated);
    await api(ana)
      .patch(`/content/${record.id}/permissions`, { view: 'private', allow: { view: [cy.id] } })
      .expect(200);
    expect(await gone).toEqual({ postId: record.id });
    expect((await updated).post).toMatchObject({ id: record.id, visibility: 'private' });
  });
});
