import type { MemberSettings, MemberSettingsUpdate } from '../../../shared/profiles';
import { appendTo, defineCommand } from '../../core/command';
import { streamVersion } from '../../core/reads';
import { applySettingsChanges, settingsChanges } from './member-settings';
import { memberSettingsRead } from './settings-read';
import { memberSettingsStreamId } from './streams';

/**
 * Changes some of a member's settings. Asking for what is already set appends nothing; the answer
 * is the whole settings value with its version either way.
 */
export const changeMemberSettings = defineCommand({
  name: 'settings.change',
  load: ({ userId }: { userId: string; update: MemberSettingsUpdate }) => ({
    current: memberSettingsRead(userId),
    version: streamVersion(memberSettingsStreamId(userId)),
  }),
  decide({ current, version }, { userId, update }) {
    const changes = settingsChanges(current, update);
    if (!changes) return { result: current };
    const next: MemberSettings = applySettingsChanges(current, changes);
    return {
      appends: [
        appendTo(memberSettingsStreamId(userId), version, [
          { type: 'MemberSettingsChanged', data: { userId, ...changes } },
        ]),
      ],
      result: next,
    };
  },
});
