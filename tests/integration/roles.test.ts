import { OPS_EVENTS } from '../../shared/ops/realtime';
import { publishOps } from '../../server/realtime/ops-channel';
import { as, signUp, signUpOwnerAndMember, type TestMember } from '../support/factories';
import {
  openSocket,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

const stack = useServerWithDatabase();

let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
});

async function roleOf(who: TestMember): Promise<string> {
  const res = await as(stack.server, who).get('/auth/session').expect(200);
  return (res.body as { role: string }).role;
}

describe('roles', () => {
  it('makes the first account the owner and later ones members', async () => {
    expect(await roleOf(owner)).toBe('owner');
    expect(await roleOf(member)).toBe('member');
  });

  it('refuses a member who tries to change a role, and changes nothing', async () => {
    const other = await signUp(stack.server);
    await as(stack.server, member)
      .post(`/admin/users/${other.id}/role`, { role: 'owner' })
      .expect(403);
    expect(await roleOf(other)).toBe('member');
  });

  it('refuses an owner changing their own role, and a role that does not exist', async () => {
    await as(stack.server, owner)
      .post(`/admin/users/${owner.id}/role`, { role: 'member' })
      .expect(400);
    await as(stack.server, owner)
      .post(`/admin/users/${member.id}/role`, { role: 'admin' })
      .expect(400);
    expect(await roleOf(owner)).toBe('owner');
  });

  it('lets an owner make a member an owner, whose open socket then hears operator pushes', async () => {
    const socket = openSocket(stack.server.url, member.cookie);
    try {
      await waitForConnect(socket);
      await as(stack.server, owner)
        .post(`/admin/users/${member.id}/role`, { role: 'owner' })
        .expect(204);
      expect(await roleOf(member)).toBe('owner');
      // The relay moves the socket into the ops room once the role change is pushed; publish
      // until a notice arrives, so the test does not guess how long that takes.
      const heard = waitForEvent<{ marker: number }>(socket, OPS_EVENTS.queue, () => true);
      let marker = 0;
      const timer = setInterval(() => {
        marker += 1;
        void publishOps(stack.database.db, OPS_EVENTS.queue, { marker });
      }, 50);
      try {
        await heard;
      } finally {
        clearInterval(timer);
      }
      await as(stack.server, owner)
        .post(`/admin/users/${member.id}/role`, { role: 'member' })
        .expect(204);
      expect(await roleOf(member)).toBe('member');
    } finally {
      socket.disconnect();
    }
  });

  it('answers 404 for an unknown member', async () => {
    await as(stack.server, owner)
      .post('/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'owner' })
      .expect(404);
  });
});
