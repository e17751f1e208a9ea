/** Texts of posts and comments, the spec's where it gives them (001 §5, §8). */
export const postsMessages = {
  titleRequiredTitle: 'Title Required',
  titleRequired: 'Please add a title to your post before publishing.',
  contentRequiredTitle: 'Content Required',
  contentRequired: 'Please add content to your post before publishing.',
  postNotFound: 'Post not found',
  /** The spec asks for non-blank comments without wording the refusal; this is ours. */
  commentBlank: 'Write something before you comment.',
  commentNotFound: 'Comment not found',
  notYourPost: 'Only the author can edit or delete this post.',
  notYourComment: 'Only the author can edit or delete this comment.',
  replyTooDeep: 'Replies cannot go deeper than 3 levels.',
  parentNotOnPost: 'The comment you are replying to is not on this post.',
  commentsOff: 'The author has turned comments off for this post.',
  sharingOff: 'The author has turned sharing off for this post.',
  /** The post's comment or share audience (content permissions) leaves the member out. */
  commentsNotAllowed: 'The author has not allowed you to comment on this post.',
  sharingNotAllowed: 'The author has not allowed you to share this post.',
  nothingToChange: 'Nothing to change',
  badCursor: 'The cursor is not one this list gave.',
  cursorWithOffset: 'Page by cursor or by offset, not both.',
  /** One text for a file that is missing, another's, or neither image nor video: no probing. */
  mediaNotYours: 'Only images and videos you uploaded can be attached to a post.',
} as const;
