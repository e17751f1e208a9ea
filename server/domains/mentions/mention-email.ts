import type { Statement } from '../../db/statement';
import { queueEmail } from '../email/outbox';
import type { MentionEmailContext, MentionRecipient } from './mention-reads';

/** The mention emails of the members told now who want them by email, in the command's write. */
export function mentionEmails(
  context: MentionEmailContext,
  told: readonly string[],
  recipients: readonly MentionRecipient[],
  post: { title: string; url: string },
): Statement[] {
  const { template, authorName } = context;
  if (!template || authorName === null) return [];
  return recipients
    .filter((each) => each.email !== null && told.includes(each.memberId))
    .flatMap((each) =>
      queueEmail(template, each.email!, { authorName, postTitle: post.title, postUrl: post.url }),
    );
}
