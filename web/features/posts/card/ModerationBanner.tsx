import type { ContentModeration } from '../../../../shared/posts';

/** What the author of hidden content reads about it (nobody else is sent it). */
export function moderationBannerText(moderation: ContentModeration): string {
  const by = moderation.state === 'hidden' ? 'Hidden by a moderator' : 'Removed by a moderator';
  return `${by}: ${moderation.reason}`;
}

export function ModerationBanner({ moderation }: { moderation: ContentModeration }) {
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
      data-testid="moderation-banner"
    >
      {moderationBannerText(moderation)}
    </p>
  );
}
