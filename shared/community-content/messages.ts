/** Texts of discussions and community posts; the spec words none of these refusals. */
export const communityContentMessages = {
  communityNotFound: 'Community not found',
  discussionNotFound: 'Discussion not found',
  postNotFound: 'Post not found',
  membersOnly: 'Only members of this community can do this.',
  managersOnly: 'Only admins and moderators can do this.',
  announcementsManagersOnly: 'Only admins and moderators can post announcements.',
  notAuthorOrManager: 'Only the author or an admin or moderator can delete this.',
  locked: 'This discussion is locked',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  replyBlank: 'Write something before you reply.',
  postBlank: 'Write something before you post.',
  nothingToChange: 'Nothing to change',
  badCursor: 'The cursor is not one this list gave.',
} as const;
