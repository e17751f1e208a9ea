import type { DomainModule } from '../../core/module';
import { homeTimelineProjection } from './home-timeline-projection';

/**
 * Home timelines, a module of the posts domain of its own because of where its projection runs:
 * after the projections of posts, content, friends and follows, whose rows its statements read
 * (modules.ts). The feed that reads the timelines is the posts module's `GET /feed`.
 */
export const homeTimelineModule: DomainModule = {
  name: 'home-timelines',
  projections: () => [homeTimelineProjection],
  async start({ db, config }) {
    await db
      .updateTable('timeline_settings')
      .set({
        fanout_max_followers: config.FANOUT_MAX_FOLLOWERS,
        max_posts: config.TIMELINE_MAX_POSTS,
      })
      .execute();
  },
};
