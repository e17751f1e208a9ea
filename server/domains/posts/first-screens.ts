import { drawnRows, FIRST_SCREEN_MOST_ROWS } from '../../../shared/first-screen';
import { FEED_PAGE } from '../../../shared/posts/limits';
import type { FirstScreenReaders, ModuleDeps } from '../../core/module';
import { readComments } from './comments-read';
import { readFeed } from './home-feed-read';
import { presentPost } from './post-presenter';
import { readPost } from './posts-read';
import { idOrNone } from './streams';

/**
 * The home's first feed page and a post page's post with its comments, as `GET /api/feed`,
 * `GET /api/posts/:id` and its comments answer them. Read from the primary: a member who has just
 * posted or commented and opens the page must see it.
 */
export function postsFirstScreens({ db }: ModuleDeps): FirstScreenReaders {
  return {
    home: async (_page, memberId) => ({
      page: 'home',
      feed: await readFeed(db, memberId, { limit: FEED_PAGE.default }),
    }),
    post: async ({ postId }, memberId) => {
      const row = await readPost(db, idOrNone(postId), memberId);
      if (!row) return null;
      const post = presentPost(row);
      // A post with more comments than a drawn page holds is drawn without them: not read here.
      const comments =
        post.comments > FIRST_SCREEN_MOST_ROWS
          ? null
          : drawnRows(await readComments(db, row.id, memberId));
      return { page: 'post', post, comments };
    },
  };
}
