import { changePrivacy } from '../../server/domains/people/privacy-command';
import { ANA, decide, refusal, refusedAs } from './support/decide';

describe("changing a member's privacy", () => {
  it('answers not found for a member who does not exist', async () => {
    const refused = await refusal(
      changePrivacy,
      { user: undefined, version: 0 },
      { userId: ANA, privacy: 'private' },
    );
    expect(refused).toEqual(refusedAs.notFound('User not found'));
  });

  it('appends nothing when the setting is the current one, and answers it', async () => {
    const decision = await decide(
      changePrivacy,
      { user: { privacy: 'friendsOnly' }, version: 3 },
      { userId: ANA, privacy: 'friendsOnly' },
    );
    expect(decision).toMatchObject({ appends: [], result: 'friendsOnly' });
  });

  it("appends ProfilePrivacyChanged to the member's stream at the version read", async () => {
    const decision = await decide(
      changePrivacy,
      { user: { privacy: 'public' }, version: 3 },
      { userId: ANA, privacy: 'private' },
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: `user-${ANA}`, expectedVersion: 3, types: ['ProfilePrivacyChanged'] }],
      result: 'private',
    });
    expect(decision.events).toEqual([
      { type: 'ProfilePrivacyChanged', data: { userId: ANA, privacy: 'private' } },
    ]);
  });
});
