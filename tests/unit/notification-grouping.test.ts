import { z } from 'zod';
import {
  friendRequestAcceptedTemplate,
  friendRequestTemplate,
  renderTemplate,
} from '../../server/domains/email/templates';
import { notificationId } from '../../server/domains/notifications/notification-ids';
import { notificationTitle } from '../../server/domains/notifications/notification-text';
import { model } from '../support/model';

const received = model.meanings.wordingOf('friend_request_received');
const accepted = model.meanings.wordingOf('friend_request_accepted');
import { decodeCursor, encodeCursor } from '../../server/domains/notifications/notifications-read';

describe('notification titles', () => {
  it('names one actor, then the latest with a count of the others', () => {
    expect(notificationTitle(received, 'Ana', 1)).toBe('Ana sent you a friend request');
    expect(notificationTitle(received, 'Ana', 2)).toBe('Ana and 1 other sent you friend requests');
    expect(notificationTitle(received, 'Ana', 4)).toBe('Ana and 3 others sent you friend requests');
    expect(notificationTitle(accepted, 'Bo', 1)).toBe('Bo accepted your friend request');
    expect(notificationTitle(accepted, 'Bo', 3)).toBe(
      'Bo and 2 others accepted your friend requests',
    );
  });

  it("uses the request's note when there is one, else a default line", () => {
    expect(received.content('Ana', 'Hi, we met at the café')).toBe('Hi, we met at the café');
    expect(received.content('Ana', null)).toBe('Ana would like to be your friend.');
    expect(accepted.content('Bo', null)).toBe('You and Bo are now friends.');
  });
});

describe('notification ids', () => {
  const recipient = '3f1c8f7e-9a43-4c55-8d0e-0d6a4c1f2b11';

  it('are valid UUIDs, the same for the same event and recipient, different otherwise', () => {
    const stream = 'friendship-a-b';
    const id = notificationId(stream, 42, recipient);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(notificationId(stream, 42, recipient)).toBe(id);
    expect(notificationId(stream, 43, recipient)).not.toBe(id);
    expect(notificationId('friendship-a-c', 42, recipient)).not.toBe(id);
    expect(notificationId(stream, 42, '0b5e2f5c-52c4-4bd4-a0b3-7e0c2d3b6f20')).not.toBe(id);
  });
});

describe('notification cursors', () => {
  it('round-trip and refuse anything else with a 400', () => {
    const cursor = { t: '1763788800123456', i: '3f1c8f7e-9a43-4c55-8d0e-0d6a4c1f2b11' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'not-base64!', Buffer.from('{"t":"x","i":"y"}').toString('base64url')]) {
      // `invalid` is the refusal the HTTP layer answers with 400.
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ kind: 'invalid' }));
    }
  });
});

describe('social email templates', () => {
  it('fill the sender and the profile link, escaped in HTML', () => {
    const out = renderTemplate(friendRequestTemplate, {
      senderName: 'Ana <3',
      profileUrl: 'https://agora.example/profile/1?a=1&b=2',
    });
    expect(out.subject).toBe('Ana <3 sent you a friend request on Agora');
    expect(out.html).toContain('Ana &lt;3');
    expect(out.html).toContain('href="https://agora.example/profile/1?a=1&amp;b=2"');
    expect(out.text).toContain('https://agora.example/profile/1?a=1&b=2');
    expect(() => renderTemplate(friendRequestAcceptedTemplate, { accepterName: 'Bo' })).toThrow(
      /profileUrl/,
    );
  });
});
