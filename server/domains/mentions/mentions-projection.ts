import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

const handled = [
  'MentionsSet',
  'CommunityMentionsSet',
  'MessageMentionsSet',
  'PostDeleted',
  'AccountDeleted',
] as const satisfies readonly EventType[];

/**
 * Whom posts, comments, community texts and messages mention: the list lives on the row every
 * read and push carries (its version moves, so watchers get the new list), and a post's mentions
 * are also kept by member (`post_mentions`) for the profile's Mentions tab. The rows belong to the
 * projections of their domains, which empty them before a rebuild; this one runs after them and
 * writes the lists back from the events.
 */
export const mentionsProjection: Projection = {
  name: 'mentions',
  tables: ['post_mentions'],
  handles: handled,
  project(event): Statement[] {
    switch (event.type) {
      case 'MentionsSet': {
        const { postId, commentId, mentions } = event.data;
        const list = JSON.stringify(mentions);
        if (commentId !== null) {
          return [
            statement(sql`update comments set mentions = ${list}::jsonb, version = version + 1
              where id = ${commentId}::uuid`),
          ];
        }
        return [
          statement(sql`update posts set mentions = ${list}::jsonb, version = version + 1
            where id = ${postId}::uuid`),
          statement(qb.deleteFrom('post_mentions').where('post_id', '=', postId)),
          ...(mentions.length === 0
            ? []
            : [
                statement(
                  qb
                    .insertInto('post_mentions')
                    .values(
                      mentions.map((each) => ({ member_id: each.memberId, post_id: postId })),
                    ),
                ),
              ]),
        ];
      }
      case 'CommunityMentionsSet': {
        const { communityPostId, replyId, mentions } = event.data;
        const list = JSON.stringify(mentions);
        // Set in the transaction that writes the row, before anything reads or pushes it.
        return communityPostId !== null
          ? [
              statement(sql`update community_posts set mentions = ${list}::jsonb
                where id = ${communityPostId}::uuid`),
            ]
          : [
              statement(sql`update discussion_replies set mentions = ${list}::jsonb
                where id = ${replyId}::uuid`),
            ];
      }
      case 'MessageMentionsSet': {
        const { messageId, mentions } = event.data;
        // Set in the transaction that writes the message, before its push reads it.
        return [
          statement(sql`update messages set mentions = ${JSON.stringify(mentions)}::jsonb
            where id = ${messageId}::uuid`),
        ];
      }
      case 'PostDeleted':
        return [statement(qb.deleteFrom('post_mentions').where('post_id', '=', event.data.postId))];
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('post_mentions').where('member_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
