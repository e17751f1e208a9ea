import type { DomainModule } from '../../core/module';
import { followsProjection } from './follows-projection';
import { profileStatsProjection } from './profile-stats-projection';
import { createProfileViewsWorker } from './profile-views';
import { profilesProjection } from './profiles-projection';
import { createProfilesPusher } from './profiles-pusher';
import { createProfileWatchFeature } from './profiles-socket-feature';
import { profilesRoutes } from './routes';
import { userRecordsProjection } from './user-records-projection';

/**
 * Profiles (002 §3): the full profile with its card switches, avatar and banner, follows, stats
 * projected from posts, likes, follows and views and pushed live to whoever watches the profile,
 * engagement over time, and the users API of 002 §7 (create, mapping, sequence).
 */
export const profilesModule: DomainModule = {
  name: 'profiles',
  meanings: {
    events: {
      ProfileEdited: { memberChanged: ({ userId }) => userId },
      AvatarChanged: { memberChanged: ({ userId }) => userId },
    },
  },
  // The stats recount from follows (projected just before) and from posts and likes_received
  // (the posts module's, listed earlier).
  projections: (meanings) => [
    profilesProjection(meanings),
    followsProjection,
    profileStatsProjection(meanings),
    userRecordsProjection,
  ],
  routes: profilesRoutes,
  pushers: () => [createProfilesPusher()],
  socketFeatures: (deps) => [createProfileWatchFeature(deps)],
  workers: (deps) => [createProfileViewsWorker(deps)],
};
