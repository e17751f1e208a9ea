import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import { FOLLOWED_TAGS_MAX, hashtagMessages, type TagFollowState } from '../../../shared/hashtags';
import { appendTo, defineCommand } from '../../core/command';
import { limitExceeded } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { exists, streamVersion } from '../../core/reads';
import { qb } from '../../db/statement';
import { tagFollowStreamId } from './streams';

/**
 * Follows or unfollows a tag (already normalised by the route's schema); idempotent, answering
 * the absolute state with its stream's version. A member follows at most `FOLLOWED_TAGS_MAX`
 * tags, counted at commit under their own lock, since each tag is a stream of its own.
 */
export const setTagFollow = defineCommand({
  name: 'hashtags.follow',
  load: (input: { userId: string; tag: string; follow: boolean }) => ({
    following: exists(
      qb
        .selectFrom('tag_follows')
        .where('member_id', '=', input.userId)
        .where('tag', '=', input.tag),
    ),
    version: streamVersion(tagFollowStreamId(input.userId, input.tag)),
  }),
  decide({ following, version }, { userId, tag, follow }) {
    const state = (v: number): TagFollowState => ({ tag, following: follow, version: v });
    if (following === follow) return { result: state(version) };
    const data = { userId, tag };
    const event: NewEvent = follow
      ? { type: 'TagFollowed', data }
      : { type: 'TagUnfollowed', data };
    return {
      guards: follow
        ? [
            lock(`tag-follows:${userId}`),
            refuseUnless(
              sql<boolean>`(select count(*) from tag_follows
                where member_id = ${userId}::uuid) < ${FOLLOWED_TAGS_MAX}`,
              limitExceeded('too-many-followed-tags', hashtagMessages.tooManyFollowed),
            ),
          ]
        : [],
      appends: [appendTo(tagFollowStreamId(userId, tag), version, [event])],
      result: state(version + 1),
    };
  },
});
