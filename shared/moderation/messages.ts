/** The texts moderation answers with, shared by the server's refusals and the web's screens. */
export const moderationMessages = {
  alreadyReported: 'You already reported this',
  ownContent: 'You cannot report your own content',
  notFound: 'This content was not found',
  memberNotFound: 'Member not found',
  ownModeration: 'You cannot moderate your own content or account',
  ownerProtected: 'Moderators cannot act on an owner',
  memberTargetAction: 'Only warn and suspend apply to a member',
  daysOnlyForSuspend: 'Days apply only to a suspension',
  notSuspended: 'This member is not suspended',
  alreadyOwner: 'An owner already moderates',
  notModerator: 'This member is not a moderator',
  moderatorOnly: 'You need to be a moderator to use this page.',
  reportSent: 'Thank you. A moderator will review your report.',
} as const;

/** The sign-in refusal of a suspended member (001 §2 Moderation). */
export function suspendedMessage(until: Date | null, reason: string): string {
  const when = until ? until.toISOString().slice(0, 10) : 'further notice';
  return `Your account is suspended until ${when}: ${reason}`;
}

/** What the author of moderated content is told, in the notification's body. */
export function moderationNotice(
  action: 'hide' | 'remove' | 'warn' | 'suspend',
  target: 'post' | 'comment' | 'member',
  reason: string,
): string {
  const what = target === 'comment' ? 'Your comment' : 'Your post';
  switch (action) {
    case 'hide':
      return `${what} was hidden by a moderator: ${reason}`;
    case 'remove':
      return `${what} was removed by a moderator: ${reason}`;
    case 'warn':
      return `A moderator warned you: ${reason}`;
    case 'suspend':
      return `Your account was suspended by a moderator: ${reason}`;
  }
}

export const REPORT_REASON_LABELS = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  misinformation: 'Misinformation',
  other: 'Something else',
} as const;
