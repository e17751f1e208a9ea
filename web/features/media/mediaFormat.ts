import { TAGS_SHOWN } from '../../../shared/media';

/** A card's tags: at most three, then how many more (001 §2, "+N"). */
export function visibleTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, TAGS_SHOWN), more: Math.max(0, tags.length - TAGS_SHOWN) };
}

/** A video's length as a player shows it: m:ss, or h:mm:ss from an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function formatViews(views: number): string {
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}
