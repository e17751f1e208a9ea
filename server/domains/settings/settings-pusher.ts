import { profileLiveEvents } from '../../../shared/profiles';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { readMemberSettings } from './settings-read';

/**
 * `settings:changed` to every tab of the member on this node (every node's relay does the same
 * for its own), read after commit: the whole value with its version, so a tab keeps the newest.
 */
export const memberSettingsPusher: Pusher = {
  name: 'member-settings',
  async push(events, io, db) {
    const members = new Set<string>();
    for (const event of events) {
      if (event.type === 'MemberSettingsChanged' && isHere(io, event.data.userId)) {
        members.add(event.data.userId);
      }
    }
    for (const userId of members) {
      const settings = await readMemberSettings(db, userId);
      io.local.to(userRoom(userId)).emit(profileLiveEvents.settings, settings);
    }
  },
};
