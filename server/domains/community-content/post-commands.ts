import { sql } from 'kysely';
import {
  communityContentMessages as messages,
  type CreateCommunityPost,
  type PatchCommunityPost,
} from '../../../shared/community-content';
import type { NewEvent } from '../../../shared/events';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden } from '../../core/errors';
import { exists, first, streamVersion, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import { communityMentionOutcome } from '../mentions/mention-outcome';
import { communityMentionCandidates, mentionEmailRead } from '../mentions/mention-reads';
import { idOrNone } from '../posts/streams';
import {
  accessColumns,
  communityAccess,
  requireAuthorOrManager,
  requireManager,
  requireMember,
  requireReadable,
  requireSeen,
} from './community-access';
import { communityPostReply } from './content-read';
import { communityPostLikeStreamId, communityPostStreamId } from './streams';

function postState(postId: string, actorId: string) {
  return first(
    qb
      .selectFrom('community_posts as cp')
      .select([
        'cp.id',
        'cp.community_id',
        'cp.author_id',
        'cp.is_pinned',
        'cp.is_announcement',
        streamVersionSql(sql`'community-post-' || cp.id::text`).as('stream_version'),
        ...accessColumns(actorId, 'cp.community_id'),
      ])
      .where('cp.id', '=', idOrNone(postId)),
  );
}

/**
 * Posts on a community's hub: members only. The announcement category makes it an announcement,
 * which only admins and moderators may post.
 */
export const createCommunityPost = defineCommand({
  name: 'communityContent.createPost',
  load: (input: {
    actorId: string;
    communityId: string;
    postId: string;
    post: CreateCommunityPost;
    publicUrl: string;
  }) => ({
    community: communityAccess(idOrNone(input.communityId), input.actorId),
    mentionable: communityMentionCandidates({
      community: input.communityId,
      authorId: input.actorId,
      content: input.post.content,
    }),
    mentionEmail: mentionEmailRead(input.actorId),
  }),
  decide({ community: found, mentionable, mentionEmail }, { actorId, postId, post, publicUrl }) {
    const community = requireSeen(found);
    requireMember(community);
    const isAnnouncement = post.category === 'announcement';
    if (isAnnouncement && !community.manages) {
      throw forbidden('not-a-manager', messages.announcementsManagersOnly);
    }
    const mentions = communityMentionOutcome({
      text: { kind: 'post', communityId: community.id, communityPostId: postId },
      authorId: actorId,
      content: post.content,
      recipients: mentionable,
      email: mentionEmail,
      title: community.name,
      publicUrl,
    });
    return {
      appends: [
        appendTo(communityPostStreamId(postId), 0, [
          {
            type: 'CommunityPostCreated',
            data: {
              postId,
              communityId: community.id,
              authorId: actorId,
              ...post,
              isAnnouncement,
            },
          },
          ...mentions.events,
        ]),
      ],
      effects: mentions.effects,
      reply: communityPostReply(postId, actorId),
    };
  },
});

/** Pins a post or makes it an announcement, or undoes either: admins and moderators only. */
export const setCommunityPostFlags = defineCommand({
  name: 'communityContent.postFlags',
  load: (input: { actorId: string; postId: string; patch: PatchCommunityPost }) => ({
    post: postState(input.postId, input.actorId),
  }),
  decide({ post: found }, { actorId, patch }) {
    const post = requireReadable(found, messages.postNotFound);
    requireManager(post);
    const isPinned = patch.isPinned ?? post.is_pinned;
    const isAnnouncement = patch.isAnnouncement ?? post.is_announcement;
    const reply = communityPostReply(post.id, actorId);
    if (isPinned === post.is_pinned && isAnnouncement === post.is_announcement) return { reply };
    return {
      appends: [
        appendTo(communityPostStreamId(post.id), post.stream_version, [
          {
            type: 'CommunityPostFlagsSet',
            data: {
              postId: post.id,
              communityId: post.community_id,
              actorId,
              isPinned,
              isAnnouncement,
            },
          },
        ]),
      ],
      reply,
    };
  },
});

/** Deletes a post with its likes: its author or a manager. */
export const deleteCommunityPost = defineCommand({
  name: 'communityContent.deletePost',
  load: (input: { actorId: string; postId: string }) => ({
    post: postState(input.postId, input.actorId),
  }),
  decide({ post: found }, { actorId }) {
    const post = requireReadable(found, messages.postNotFound);
    requireAuthorOrManager(post, post.author_id, actorId);
    return {
      appends: [
        appendTo(communityPostStreamId(post.id), post.stream_version, [
          {
            type: 'CommunityPostDeleted',
            data: { postId: post.id, communityId: post.community_id, actorId },
          },
        ]),
      ],
      result: { id: post.id },
    };
  },
});

/**
 * Likes or unlikes a post: members of the community only. Idempotent: liking a liked post
 * appends nothing and answers the count as it is. Each member's likes of a post are one stream.
 */
export const setCommunityPostLike = defineCommand({
  name: 'communityContent.like',
  load: (input: { actorId: string; postId: string; like: boolean }) => ({
    post: postState(input.postId, input.actorId),
    liked: exists(
      qb
        .selectFrom('community_post_likes')
        .where('post_id', '=', idOrNone(input.postId))
        .where('user_id', '=', input.actorId),
    ),
    version: streamVersion(communityPostLikeStreamId(idOrNone(input.postId), input.actorId)),
  }),
  decide({ post: found, liked, version }, { actorId, like }) {
    const post = requireReadable(found, messages.postNotFound);
    requireMember(post);
    const reply = communityPostReply(post.id, actorId);
    if (liked === like) return { reply };
    const data = {
      postId: post.id,
      communityId: post.community_id,
      userId: actorId,
      postAuthorId: post.author_id,
    };
    const event: NewEvent = like
      ? { type: 'CommunityPostLiked', data }
      : { type: 'CommunityPostUnliked', data };
    return {
      appends: [appendTo(communityPostLikeStreamId(post.id, actorId), version, [event])],
      reply,
    };
  },
});
