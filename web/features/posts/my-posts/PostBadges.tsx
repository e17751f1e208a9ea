import { Globe, Lock, Users, type LucideIcon } from 'lucide-react';
import type { PostStatus, PostVisibility } from '../../../../shared/posts';
import { cn } from '../../../lib/cn';
import { STATUS_LABEL, VISIBILITY_LABEL } from './myPosts';

const STATUS_TONE: Record<PostStatus, string> = {
  published: 'bg-success/15 text-success-ink',
  draft: 'bg-warning/20 text-foreground',
  private: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status }: { status: PostStatus }) {
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[status])}
      data-testid="post-status-badge"
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

const VISIBILITY_ICON: Record<PostVisibility, LucideIcon> = {
  public: Globe,
  friendsOnly: Users,
  private: Lock,
};

/** The visibility as an icon; its name is the accessible label and the tooltip. */
export function VisibilityIcon({ visibility }: { visibility: PostVisibility }) {
  const Icon = VISIBILITY_ICON[visibility];
  const label = VISIBILITY_LABEL[visibility];
  return (
    <span
      role="img"
      aria-label={`Visibility: ${label}`}
      title={label}
      className="inline-flex text-muted-foreground"
      data-testid="post-visibility"
      data-visibility={visibility}
    >
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

/** The visibility as icon and word, where there is room. */
export function VisibilityBadge({ visibility }: { visibility: PostVisibility }) {
  const Icon = VISIBILITY_ICON[visibility];
  return (
    <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
      <Icon className="size-3" aria-hidden />
      {VISIBILITY_LABEL[visibility]}
    </span>
  );
}
