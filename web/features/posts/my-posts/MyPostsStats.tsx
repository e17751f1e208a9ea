import { Eye, FileText, MessageSquare, Send, type LucideIcon } from 'lucide-react';
import type { MyPostsStats as Stats } from '../../../../shared/posts';

const TILES: { key: keyof Stats; label: string; icon: LucideIcon }[] = [
  { key: 'totalPosts', label: 'Total Posts', icon: FileText },
  { key: 'publishedPosts', label: 'Published', icon: Send },
  { key: 'totalViews', label: 'Total Views', icon: Eye },
  { key: 'totalComments', label: 'Total Comments', icon: MessageSquare },
];

const numbers = new Intl.NumberFormat('en-US');

/**
 * The statistics of My Posts (001 §2, §7): total posts, published, total views and total
 * comments. A figure not known yet reads as a dash, never as a made-up 0.
 */
export function MyPostsStats({ stats: data }: { stats: Stats | undefined }) {
  return (
    <ul aria-label="Post statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {TILES.map(({ key, label, icon: Icon }) => (
        <li
          key={key}
          className="flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs"
          data-testid={`my-posts-stat-${key}`}
        >
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon className="size-4" aria-hidden />
            {label}
          </span>
          <span className="text-2xl font-semibold tabular-nums" data-testid="stat-value">
            {data ? numbers.format(data[key]) : '—'}
          </span>
        </li>
      ))}
    </ul>
  );
}
