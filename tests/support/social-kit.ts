import type { Socket } from 'socket.io-client';
import { postSchema, type Post } from '../../shared/posts';
import { notificationsPageSchema, type Notification } from '../../shared/social/notifications';
import { as, signUp, type TestMember } from './factories';
import type { ServerWithDatabase } from './test-server';

/**
 * What the integration files of the social features each wrote for themselves: requests as a
 * member, members named uniquely within the file, a post published and read back, and a
 * member's notifications of one type.
 */
export function socialKit(stack: ServerWithDatabase) {
  const api = (who: TestMember) => as(stack.server, who);
  let named = 0;
  return {
    api,
    db: () => stack.database.db,
    /** A new member named `<prefix>_<n>`, n counting the members this file signed up. */
    member(prefix: string): Promise<TestMember> {
      named += 1;
      return signUp(stack.server, `${prefix}_${named}`);
    },
    async publish(by: TestMember, fields: object = {}): Promise<Post> {
      const res = await api(by)
        .post('/posts', { title: 'Hello', content: 'Some words', status: 'published', ...fields })
        .expect(201);
      return postSchema.parse(res.body);
    },
    async readPost(who: TestMember, id: string): Promise<Post> {
      return postSchema.parse((await api(who).get(`/posts/${id}`).expect(200)).body);
    },
    async notificationsOf(who: TestMember, type: string): Promise<Notification[]> {
      const res = await api(who).get('/notifications').expect(200);
      return notificationsPageSchema.parse(res.body).notifications.filter((n) => n.type === type);
    },
  };
}

/** Keeps the sockets a test opens, and disconnects them after each test. */
export function useSockets(): (...opened: Socket[]) => void {
  const open: Socket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  return (...opened) => {
    open.push(...opened);
  };
}
