import { Lock, Megaphone, Pin } from 'lucide-react';
import type { ReactNode } from 'react';

function Badge({ children, label }: { children: ReactNode; label: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground [&_svg]:size-3">
      {children}
      {label}
    </span>
  );
}

/** The flags of 001 §4 as badges: sticky and locked on discussions, pinned and announcement on posts. */
export function FlagBadges({
  sticky,
  locked,
  pinned,
  announcement,
}: {
  sticky?: boolean;
  locked?: boolean;
  pinned?: boolean;
  announcement?: boolean;
}) {
  return (
    <>
      {sticky && (
        <Badge label="Sticky">
          <Pin aria-hidden />
        </Badge>
      )}
      {locked && (
        <Badge label="Locked">
          <Lock aria-hidden />
        </Badge>
      )}
      {pinned && (
        <Badge label="Pinned">
          <Pin aria-hidden />
        </Badge>
      )}
      {announcement && (
        <Badge label="Announcement">
          <Megaphone aria-hidden />
        </Badge>
      )}
    </>
  );
}

/** Tags as phrasing content, so a list row that is one button may hold them. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1" role="list" aria-label="Tags">
      {tags.map((tag) => (
        <span
          key={tag}
          role="listitem"
          className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground"
        >
          #{tag}
        </span>
      ))}
    </span>
  );
}
