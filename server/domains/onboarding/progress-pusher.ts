import { onboardingLiveEvents } from '../../../shared/onboarding';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { readProgressOf } from './progress-read';

/**
 * `onboarding:progress` to the member's own tabs: the whole progress, read after commit, with
 * the stream's version, so every tab shows the newest whichever arrives first.
 */
export const progressPusher: Pusher = {
  name: 'onboarding-progress',
  async push(events, io, db) {
    const members = new Set<string>();
    for (const event of events) {
      if (
        event.type === 'OnboardingStarted' ||
        event.type === 'OnboardingStepCompleted' ||
        event.type === 'OnboardingStepSkipped' ||
        event.type === 'OnboardingCompleted'
      ) {
        members.add(event.data.userId);
      }
    }
    const local = [...members].filter((userId) => isHere(io, userId));
    for (const progress of await readProgressOf(db, local)) {
      io.local.to(userRoom(progress.userId)).emit(onboardingLiveEvents.progress, { progress });
    }
  },
};
