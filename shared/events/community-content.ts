import { z } from 'zod';
import { COMMUNITY_POST_CATEGORIES } from '../communities';
import {
  COMMUNITY_POST_MAX,
  DISCUSSION_CONTENT_MAX,
  DISCUSSION_TITLE_MAX,
  MAX_CONTENT_TAGS,
  REPLY_MAX,
} from '../community-content/limits';

const inCommunity = { communityId: z.uuid() };
const discussion = { discussionId: z.uuid(), ...inCommunity };
const post = { postId: z.uuid(), ...inCommunity };

/**
 * A discussion's life is its stream, `discussion-<id>`; each reply is its own stream, and so is
 * each member's view of a discussion and like of a post, so members acting at once never race
 * for one version. Every event names its community: the projection bumps its counts and the
 * pusher finds its room from the event alone.
 */
export const communityContentEvents = {
  DiscussionStarted: z.strictObject({
    ...discussion,
    authorId: z.uuid(),
    title: z.string().min(1).max(DISCUSSION_TITLE_MAX),
    content: z.string().min(1).max(DISCUSSION_CONTENT_MAX),
    category: z.string().min(1),
    tags: z.array(z.string()).max(MAX_CONTENT_TAGS),
  }),
  DiscussionReplied: z.strictObject({
    ...discussion,
    replyId: z.uuid(),
    authorId: z.uuid(),
    discussionAuthorId: z.uuid(),
    content: z.string().min(1).max(REPLY_MAX),
  }),
  /** A manager's change of the flags, both carried whole. */
  DiscussionFlagsSet: z.strictObject({
    ...discussion,
    actorId: z.uuid(),
    isSticky: z.boolean(),
    isLocked: z.boolean(),
  }),
  /** Takes its replies and views with it. */
  DiscussionDeleted: z.strictObject({ ...discussion, actorId: z.uuid() }),
  /** A member's first view of a discussion; later ones are not events. */
  DiscussionViewed: z.strictObject({ ...discussion, userId: z.uuid() }),
  CommunityPostCreated: z.strictObject({
    ...post,
    authorId: z.uuid(),
    category: z.enum(COMMUNITY_POST_CATEGORIES),
    content: z.string().min(1).max(COMMUNITY_POST_MAX),
    tags: z.array(z.string()).max(MAX_CONTENT_TAGS),
    isAnnouncement: z.boolean(),
  }),
  CommunityPostFlagsSet: z.strictObject({
    ...post,
    actorId: z.uuid(),
    isPinned: z.boolean(),
    isAnnouncement: z.boolean(),
  }),
  /** Takes its likes with it. */
  CommunityPostDeleted: z.strictObject({ ...post, actorId: z.uuid() }),
  CommunityPostLiked: z.strictObject({ ...post, userId: z.uuid(), postAuthorId: z.uuid() }),
  CommunityPostUnliked: z.strictObject({ ...post, userId: z.uuid(), postAuthorId: z.uuid() }),
};
