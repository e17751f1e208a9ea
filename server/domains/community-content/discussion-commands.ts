import { sql } from 'kysely';
import {
  communityContentMessages as messages,
  type AddReply,
  type PatchDiscussion,
  type StartDiscussion,
} from '../../../shared/community-content';
import { appendTo, defineCommand } from '../../core/command';
import { conflict } from '../../core/errors';
import { refuseUnless } from '../../core/guards';
import { first, streamVersion, streamVersionSql } from '../../core/reads';
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
import { discussionReply, replyReply } from './content-read';
import { discussionReplyStreamId, discussionStreamId, discussionViewStreamId } from './streams';

const lockedRefusal = () => conflict('discussion-locked', messages.locked);

/** A discussion as every command on it decides by: its version, flags and the actor's access. */
function discussionState(discussionId: string, actorId: string) {
  return first(
    qb
      .selectFrom('discussions as d')
      .select([
        'd.id',
        'd.community_id',
        'd.author_id',
        'd.title',
        'd.is_sticky',
        'd.is_locked',
        streamVersionSql(sql`'discussion-' || d.id::text`).as('stream_version'),
        ...accessColumns(actorId, 'd.community_id'),
      ])
      .where('d.id', '=', idOrNone(discussionId)),
  );
}

/** Starts a discussion in a community the actor is an active member of. */
export const startDiscussion = defineCommand({
  name: 'communityContent.startDiscussion',
  load: (input: {
    actorId: string;
    communityId: string;
    discussionId: string;
    discussion: StartDiscussion;
  }) => ({ community: communityAccess(idOrNone(input.communityId), input.actorId) }),
  decide({ community: found }, { actorId, discussionId, discussion }) {
    const community = requireSeen(found);
    requireMember(community);
    return {
      appends: [
        appendTo(discussionStreamId(discussionId), 0, [
          {
            type: 'DiscussionStarted',
            data: { discussionId, communityId: community.id, authorId: actorId, ...discussion },
          },
        ]),
      ],
      reply: discussionReply(discussionId),
    };
  },
});

/**
 * Replies in a discussion: members only, and never in a locked one. The lock is read, and
 * checked again at commit, so a reply racing a lock that committed first is refused too.
 */
export const replyToDiscussion = defineCommand({
  name: 'communityContent.reply',
  load: (input: {
    actorId: string;
    discussionId: string;
    replyId: string;
    reply: AddReply;
    publicUrl: string;
  }) => ({
    discussion: discussionState(input.discussionId, input.actorId),
    mentionable: communityMentionCandidates({
      community: sql`(select community_id from discussions
        where id = ${idOrNone(input.discussionId)}::uuid)`,
      authorId: input.actorId,
      content: input.reply.content,
    }),
    mentionEmail: mentionEmailRead(input.actorId),
  }),
  decide({ discussion: found, mentionable, mentionEmail }, { actorId, replyId, reply, publicUrl }) {
    const discussion = requireReadable(found, messages.discussionNotFound);
    requireMember(discussion);
    if (discussion.is_locked) throw lockedRefusal();
    const mentions = communityMentionOutcome({
      text: {
        kind: 'reply',
        communityId: discussion.community_id,
        discussionId: discussion.id,
        replyId,
      },
      authorId: actorId,
      content: reply.content,
      recipients: mentionable,
      email: mentionEmail,
      title: discussion.title,
      publicUrl,
    });
    return {
      guards: [
        refuseUnless(
          sql<boolean>`not exists (select 1 from discussions
            where id = ${discussion.id}::uuid and is_locked)`,
          lockedRefusal(),
        ),
      ],
      appends: [
        appendTo(discussionReplyStreamId(replyId), 0, [
          {
            type: 'DiscussionReplied',
            data: {
              discussionId: discussion.id,
              communityId: discussion.community_id,
              replyId,
              authorId: actorId,
              discussionAuthorId: discussion.author_id,
              content: reply.content,
            },
          },
          ...mentions.events,
        ]),
      ],
      effects: mentions.effects,
      reply: replyReply(replyId),
    };
  },
});

/** Makes a discussion sticky or not, locks or unlocks it: admins and moderators only. */
export const setDiscussionFlags = defineCommand({
  name: 'communityContent.discussionFlags',
  load: (input: { actorId: string; discussionId: string; patch: PatchDiscussion }) => ({
    discussion: discussionState(input.discussionId, input.actorId),
  }),
  decide({ discussion: found }, { actorId, patch }) {
    const discussion = requireReadable(found, messages.discussionNotFound);
    requireManager(discussion);
    const isSticky = patch.isSticky ?? discussion.is_sticky;
    const isLocked = patch.isLocked ?? discussion.is_locked;
    const reply = discussionReply(discussion.id);
    if (isSticky === discussion.is_sticky && isLocked === discussion.is_locked) return { reply };
    return {
      appends: [
        appendTo(discussionStreamId(discussion.id), discussion.stream_version, [
          {
            type: 'DiscussionFlagsSet',
            data: {
              discussionId: discussion.id,
              communityId: discussion.community_id,
              actorId,
              isSticky,
              isLocked,
            },
          },
        ]),
      ],
      reply,
    };
  },
});

/** Deletes a discussion with its replies: its author or a manager. */
export const deleteDiscussion = defineCommand({
  name: 'communityContent.deleteDiscussion',
  load: (input: { actorId: string; discussionId: string }) => ({
    discussion: discussionState(input.discussionId, input.actorId),
  }),
  decide({ discussion: found }, { actorId }) {
    const discussion = requireReadable(found, messages.discussionNotFound);
    requireAuthorOrManager(discussion, discussion.author_id, actorId);
    return {
      appends: [
        appendTo(discussionStreamId(discussion.id), discussion.stream_version, [
          {
            type: 'DiscussionDeleted',
            data: {
              discussionId: discussion.id,
              communityId: discussion.community_id,
              actorId,
            },
          },
        ]),
      ],
      result: { id: discussion.id },
    };
  },
});

/**
 * Counts a member's first view of a discussion they may read, not its author's; later views
 * append nothing. The
 * view is a stream of the discussion and the member, so two first views at once meet there and
 * the loser reads again and finds it counted.
 */
export const viewDiscussion = defineCommand({
  name: 'communityContent.view',
  load: (input: { viewerId: string; discussionId: string }) => ({
    discussion: discussionState(input.discussionId, input.viewerId),
    version: streamVersion(discussionViewStreamId(idOrNone(input.discussionId), input.viewerId)),
  }),
  decide({ discussion, version }, { viewerId }) {
    // The author's own views are not counted, as with posts.
    if (!discussion || !discussion.visible || version > 0 || discussion.author_id === viewerId) {
      return { result: false };
    }
    return {
      appends: [
        appendTo(discussionViewStreamId(discussion.id, viewerId), 0, [
          {
            type: 'DiscussionViewed',
            data: {
              discussionId: discussion.id,
              communityId: discussion.community_id,
              userId: viewerId,
            },
          },
        ]),
      ],
      result: true,
    };
  },
});
